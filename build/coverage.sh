#!/usr/bin/env bash
# Source-based coverage of a target over its corpus (and work corpus):
# HTML under out/coverage/<target>/html, summary printed.
#   build/coverage.sh <target>
set -euo pipefail
t=$1
cd "$(dirname "$0")/.."
dir=out/coverage/$t
rm -rf "$dir" && mkdir -p "$dir/raw"
inputs=("corpus/$t")
[ -d "out/work/$t" ] && inputs+=("out/work/$t")
# Failing regress inputs are part of the picture; their failure is not.
LLVM_PROFILE_FILE="$PWD/$dir/raw/%p.profraw" "out/cov/$t" "${inputs[@]}" > "$dir/replay.log" 2>&1 || true
tail -n 1 "$dir/replay.log"
llvm-profdata merge -sparse "$dir"/raw/*.profraw -o "$dir/merged.profdata"
ignore='/usr/include/|/usr/lib/'
llvm-cov show "out/cov/$t" -instr-profile="$dir/merged.profdata" -format=html \
  -show-branches=count -ignore-filename-regex="$ignore" -output-dir="$dir/html"
llvm-cov report "out/cov/$t" -instr-profile="$dir/merged.profdata" \
  -ignore-filename-regex="$ignore" | tee "$dir/summary.txt" | sed "s|$PWD/||"
echo "propfuzz: HTML report: $dir/html/index.html"
