# The README's example targets compile against libpropfuzz and fuzz: each
# C block of "Writing a target" that ends in PF_TARGET(<name>), built as a
# libFuzzer binary with the flags every target gets, then run.
readme_dir=out/test-tmp/readme

# readme_block NAME: the C block of "Writing a target" holding PF_TARGET(NAME).
readme_block() {
  awk -v want="PF_TARGET($1)" '
    /^## / { on = $0 == "## Writing a target" }
    on && /^```c$/ { grab = 1; text = ""; next }
    grab && /^```$/ { grab = 0; if (index(text, want)) { printf "%s", text; exit } next }
    grab { text = text $0 "\n" }' README.md
}

# readme_fuzz NAME RUNS LIB [ADAPTER]: NAME's block built with library LIB
# (out/lib/fuzz/LIB; none: libc only) and adapters/ADAPTER.c, fuzzed RUNS
# runs from an empty corpus.
readme_fuzz() {
  local name=$1 runs=$2 lib=$3 adapter=${4:-} dir=$readme_dir/$1
  local libflags=() adapt=()
  rm -rf "$dir" && mkdir -p "$dir/corpus"
  readme_block "$name" > "$dir/$name.c"
  [ -s "$dir/$name.c" ] || { echo "no C block with PF_TARGET($name) in README.md's \"Writing a target\""; return 1; }
  local goals=(out/lib/libpropfuzz.a)
  [ -n "$lib" ] && goals+=("out/lib/fuzz/$lib/.built")
  [ -n "$adapter" ] && adapt=("adapters/$adapter.c")
  make -s "${goals[@]}" || return 1
  # The archives exist only once the library is built.
  [ -n "$lib" ] && libflags=(-I"out/lib/fuzz/$lib/include" "out/lib/fuzz/$lib"/*.a)
  clang -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
    -Wformat=2 -Wvla -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -Iinclude -Iadapters "$dir/$name.c" "${adapt[@]}" \
    out/lib/libpropfuzz.a "${libflags[@]}" -lm -o "$dir/$name" || return 1
  "$dir/$name" -seed=1 -runs="$runs" -artifact_prefix="$dir/" "$dir/corpus" 2>&1 | tail -2
  return "${PIPESTATUS[0]}"
}

step "readme/example-target" readme_fuzz dtoa 20000 ""
step "readme/example-stream-codec" readme_fuzz raw_deflate 20000 zlib
step "readme/example-json" readme_fuzz cjson_target 20000 cjson json_cjson
