#!/usr/bin/env bash
# bench/draw_ab.sh — the decoder at a git revision against the working
# tree, side by side in one run: bench/draw_speed.c built -O2 without
# sanitizers against each, ROUNDS runs of each in alternating order,
# the median over rounds of each run's ns per draw, and instructions per
# draw under callgrind (a count machine load does not move). First it
# checks that both decode the same: bench/decoder_cases.c built against
# each prints every value of a fixed set of random cases, and the two
# outputs are compared line by line.
#
#   bash bench/draw_ab.sh                   HEAD against the working tree
#   BENCH_REF=<rev> bash bench/draw_ab.sh   any revision against it
#
# Use it to show what a decoder change costs or saves. Tunables
# (environment): BENCH_REF (HEAD), BENCH_ROUNDS (5), BENCH_COUNT draws per
# primitive under callgrind (200000), BENCH_CASES value cases (300000).
# PF_BENCH_QUICK=1 (make test): one quick round, 20000 draws and cases;
# its numbers mean nothing. The instruction
# counts need valgrind (not installed by build/deps.sh: skipped without
# it). Outputs: out/bench/ab/.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

CC=${CC:-clang}
QUICK=
case ${PF_BENCH_QUICK:-0} in 0|'') ;; *) QUICK=1 ;; esac
REF=${BENCH_REF:-HEAD}
ROUNDS=${BENCH_ROUNDS:-${QUICK:+1}}; ROUNDS=${ROUNDS:-5}
COUNT=${BENCH_COUNT:-${QUICK:+20000}}; COUNT=${COUNT:-200000}
CASES=${BENCH_CASES:-${QUICK:+20000}}; CASES=${CASES:-300000}
ROOT=$PWD
OUT=out/bench/ab

die() { echo "bench/draw_ab.sh: $*" >&2; exit 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit }
  if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rev=$(git rev-parse --verify -q "$REF^{commit}" 2>/dev/null) ||
  die "no git revision '$REF' to compare with (BENCH_REF=<rev>; needs a git checkout)"
rm -rf "$OUT" && mkdir -p "$OUT/old"
git archive "$rev" Makefile include properties | tar -x -C "$OUT/old"

# The library's sources in a tree: its Makefile's PF_SRCS, or for a
# revision older than make print-PF_SRCS, its properties/*.c without a main.
srcs_of() {
  (cd "$1" && make -s --no-print-directory print-PF_SRCS 2>/dev/null) && return
  (cd "$1" && grep -L '^int main(' properties/*.c properties/*/*.c 2>/dev/null | tr '\n' ' ')
}
# A tree's library, compiled once (-O2) on every core into $OUT/<side>.a:
# both programs link it (compiling it per program was most of a quick run).
library() { # tree side
  local srcs obj=$ROOT/$OUT/obj-$2
  read -r -a srcs <<< "$(srcs_of "$1")"
  [ ${#srcs[@]} -gt 0 ] || die "no library sources in $1"
  rm -rf "$obj" && mkdir -p "$obj" &&
  (cd "$1" && printf '%s\n' "${srcs[@]}" | CC=$CC OBJ=$obj xargs -P "$(nproc)" -I{} sh -c \
     'exec $CC -std=c11 -O2 -Iinclude -Iproperties -c "$1" -o "$OBJ/$(printf %s "$1" | tr / _).o"' sh {}) &&
  rm -f "$ROOT/$OUT/$2.a" && ar rcs "$ROOT/$OUT/$2.a" "$obj"/*.o
}
build() { # tree side binary label [program]
  (cd "$1" && $CC -std=c11 -O2 -Iinclude -Iproperties "-DBENCH_BUILD=\"-O2, $4\"" \
     "$ROOT/bench/${5:-draw_speed.c}" "$ROOT/$OUT/$2.a" -lm -o "$ROOT/$3")
}
echo "== draw speed: decoder at $REF (${rev:0:12}) vs the working tree, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $($CC --version | head -1)"
[ -n "$QUICK" ] && echo "mode: quick (PF_BENCH_QUICK=1): checks that it builds and runs; the numbers are not measurements"
library "$OUT/old" old || die "the decoder at $REF does not build"
library . new || die "the working tree's decoder does not build"
build "$OUT/old" old "$OUT/draw_old" "$REF" || die "the decoder at $REF does not build"
build . new "$OUT/draw_new" "working tree" || die "the working tree's decoder does not build"
build "$OUT/old" old "$OUT/cases_old" "$REF" decoder_cases.c || die "decoder_cases does not build at $REF"
build . new "$OUT/cases_new" "working tree" decoder_cases.c || die "decoder_cases does not build"

# --- values: the same cases through both ------------------------------------
"$OUT/cases_old" "$CASES" > "$OUT/cases.old" || die "decoder_cases failed at $REF"
"$OUT/cases_new" "$CASES" > "$OUT/cases.new" || die "decoder_cases failed on the working tree"
if cmp -s "$OUT/cases.old" "$OUT/cases.new"; then
  echo "values: identical on $CASES cases (every draw, random constraints and inputs)"
else
  differ=$(diff "$OUT/cases.old" "$OUT/cases.new" | grep -c '^<' || true)
  echo "values: $differ of $CASES cases DIFFER (case, draw, value, offset, overrun):"
  diff "$OUT/cases.old" "$OUT/cases.new" | head -4 | sed 's/^/  /'
fi

# --- time: alternating rounds ------------------------------------------------
: > "$OUT/times"
for ((r = 1; r <= ROUNDS; r++)); do
  if ((r % 2)); then order=(old new); else order=(new old); fi
  for side in "${order[@]}"; do
    "$OUT/draw_$side" ${QUICK:+--quick} > "$OUT/run-$r-$side.txt"
    awk -v side="$side" '/^  pf_/ { print side, $1, $2, $5 }' "$OUT/run-$r-$side.txt" >> "$OUT/times"
  done
  echo "round $r of $ROUNDS done (order ${order[*]})"
done

# --- instructions: callgrind --------------------------------------------------
have_cg=
if command -v valgrind >/dev/null 2>&1; then
  have_cg=1
  for side in old new; do
    rm -f "$OUT/cg.$side".*
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$OUT/cg.$side" \
      "$OUT/draw_$side" --count "$COUNT" > "$OUT/count.$side" 2> "$OUT/valgrind.$side.log" ||
      die "callgrind run failed: $OUT/valgrind.$side.log"
    # One dump per primitive, named by its client request.
    for f in "$OUT/cg.$side".*; do
      awk '/^desc: Trigger: Client Request:/ { n = $5 } /^summary:/ { print n, $2 }' "$f"
    done > "$OUT/ir.$side"
  done
fi
ir_per_draw() { # side name
  awk -v n="$2" 'NR == FNR { if ($1 == "count" && $2 == n) d = $3; next }
                 $1 == n && d > 0 { printf "%.1f", $2 / d; f = 1 }
                 END { if (!f) printf "-" }' "$OUT/count.$1" "$OUT/ir.$1"
}

# --- table --------------------------------------------------------------------
echo
echo "ns per draw: median over $ROUNDS alternating rounds of each run's median of 11"
echo "  (strings: also ns per unit, a byte or a code point)"
[ -n "$have_cg" ] && echo "Ir per draw: callgrind instructions per draw, about $COUNT draws each"
printf '  %-26s %9s %9s %8s %9s %9s %8s %9s %9s\n' primitive "old ns" "new ns" new/old \
  "old Ir" "new Ir" new/old "old /unit" "new /unit"
for name in $(awk '$1 == "new" { print $2 }' "$OUT/times" | awk '!seen[$0]++'); do
  o=$(awk -v n="$name" '$1 == "old" && $2 == n { print $3 }' "$OUT/times" | median)
  n=$(awk -v n="$name" '$1 == "new" && $2 == n { print $3 }' "$OUT/times" | median)
  ou=$(awk -v n="$name" '$1 == "old" && $2 == n && $4 != "-" { print $4 }' "$OUT/times" | median)
  nu=$(awk -v n="$name" '$1 == "new" && $2 == n && $4 != "-" { print $4 }' "$OUT/times" | median)
  oi=-; ni=-
  if [ -n "$have_cg" ]; then oi=$(ir_per_draw old "$name"); ni=$(ir_per_draw new "$name"); fi
  awk -v name="$name" -v o="$o" -v n="$n" -v oi="$oi" -v ni="$ni" -v ou="$ou" -v nu="$nu" 'BEGIN {
    r = (o + 0 > 0 && n != "-") ? sprintf("%.2f", n / o) : "-"
    ri = (oi + 0 > 0 && ni != "-") ? sprintf("%.2f", ni / oi) : "-"
    printf "  %-26s %9s %9s %8s %9s %9s %8s %9s %9s\n", name, o, n, r, oi, ni, ri, ou, nu }'
done
[ -n "$have_cg" ] || echo "  (valgrind not installed: no instruction counts)"
echo "raw runs in $OUT/run-*.txt, callgrind dumps in $OUT/cg.*"
