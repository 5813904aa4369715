# The README's example target compiles against libpropfuzz and fuzzes:
# the first C block of "Writing a target", built as a libFuzzer binary.
readme_example() {
  local dir=out/test-tmp/readme
  rm -rf "$dir" && mkdir -p "$dir/corpus"
  awk '/^## Writing a target/{on=1} on && /^```c$/{grab=1; next} grab && /^```$/{exit} grab' \
    README.md > "$dir/dtoa.c"
  grep -q 'PF_TARGET(dtoa)' "$dir/dtoa.c" || { echo "no example found in README.md"; return 1; }
  make -s out/lib/libpropfuzz.a || return 1
  clang -std=c11 -Wall -Wextra -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
    -Iinclude "$dir/dtoa.c" out/lib/libpropfuzz.a -lm -o "$dir/dtoa" || return 1
  "$dir/dtoa" -seed=1 -runs=20000 "$dir/corpus" 2>&1 | tail -2
}
step "readme/example-target" readme_example
