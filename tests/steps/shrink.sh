# Shrinker steps (sourced by tests/run.sh after the core steps).

# The shrink tool's summary line says what the shrinker's order counts
# beside the bytes: eight 0xff shrink to eight 0x00, which take more bytes
# (each is escaped) but are the simpler value of the same size and draws.
shrink_summary_line() {
  local dir=out/test-tmp/shrink-summary out
  rm -rf "$dir" && mkdir -p "$dir"
  make -s out/lib/libpropfuzz.a out/obj/pf/drivers/shrink_main.o || return 1
  clang -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined -Iinclude \
    tests/shrink/equal_bytes.c out/obj/pf/drivers/shrink_main.o out/lib/libpropfuzz.a -lm \
    -o "$dir/shrink" || return 1
  printf '\xff\xff\xff\xff\xff\xff\xff\xff' >"$dir/in"
  out=$(ASAN_OPTIONS=detect_leaks=0 "$dir/shrink" "$dir/in" 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q 'property=equal_bytes check=equal_bytes.c:[0-9]*, 8 -> 15 bytes, size 9 -> 9, 1 -> 1 draws' <<<"$out" &&
    [ "$(od -An -tx1 "$dir/in.min" | tr -d ' \n')" = 010001000100010001000100010001 ]
}
step "shrink/summary-line" shrink_summary_line
