# shellcheck shell=bash
# propfuzz coverage <target>: source-based coverage of the target over its
# corpus and work corpus (the cov binary: built with -fprofile-instr-generate
# -fcoverage-mapping and the replay driver): HTML under --out (default
# propfuzz-coverage/<target>)/html, the summary printed.
pf_cmd_coverage() {
  pf_target_arg
  local cov; cov=$(pf_need_bin cov) || exit 2
  local tool
  for tool in llvm-profdata llvm-cov; do
    command -v "$tool" >/dev/null || pf_die "$tool is not installed (Debian: apt-get install llvm)"
  done
  pf_default_paths
  local dir=${pf_out:-propfuzz-coverage/$pf_t} inputs=() c
  for c in "${pf_corpora[@]}" "$pf_work"; do [ -e "$c" ] && inputs+=("$c"); done
  [ ${#inputs[@]} -gt 0 ] || pf_die "no corpus at ${pf_corpora[*]} and no work corpus at $pf_work: nothing to measure"
  rm -rf "$dir" && mkdir -p "$dir/raw" || pf_die "cannot create $dir"
  # Failing regress inputs are part of the picture; their failure is not.
  LLVM_PROFILE_FILE="$(realpath "$dir")/raw/%p.profraw" PF_FINDINGS_DIR= "$cov" -allow_empty "${inputs[@]}" \
    > "$dir/replay.log" 2>&1
  tail -n 1 "$dir/replay.log"
  llvm-profdata merge -sparse "$dir"/raw/*.profraw -o "$dir/merged.profdata" || exit 1
  local ignore='/usr/include/|/usr/lib/'
  llvm-cov show "$cov" -instr-profile="$dir/merged.profdata" -format=html \
    -show-branches=count -ignore-filename-regex="$ignore" -output-dir="$dir/html" || exit 1
  llvm-cov report "$cov" -instr-profile="$dir/merged.profdata" \
    -ignore-filename-regex="$ignore" | tee "$dir/summary.txt" | sed "s|$PWD/||"
  pf_say "HTML report: $dir/html/index.html"
}
