#!/usr/bin/env bash
# bench/run.sh — what propfuzz costs, measured.
#
#   bash bench/run.sh
#
# 1. execs/s of harness/codec.c (propfuzz) against bench/codec_handwritten.c
#    (the same job written by hand), both built exactly like the real fuzz
#    target (ASan+UBSan, -fsanitize=fuzzer-no-link), both driven by
#    bench/exec_main.c over one shared input set, alternately, RUNS times
#    each. The machine is shared and noisy, so medians and ratios are what
#    to quote. The same inputs split by mode byte give a raw-mode ratio
#    (identical msgpack-c work in both harnesses: propfuzz's own cost) and
#    a value-mode ratio, and census builds (bench/work_census.c) count the
#    msgpack-c calls and allocations per exec, because the two harnesses
#    decode the same bytes into different values.
# 2. ns per draw of propfuzz's draw primitives (bench/draw_speed.c), built
#    -O2 without sanitizers and with the fuzz build's sanitizers.
#
# Tunables (environment): BENCH_N random inputs (2000), BENCH_MAX_LEN their
# maximum length (512), BENCH_SEED (1), BENCH_ROUNDS passes over the inputs
# per run (30), BENCH_RUNS runs per harness (5). PF_BENCH_QUICK=1 (what
# make test runs) checks that everything builds and runs: 200 inputs, one
# pass, one run, draw_speed --quick; its numbers mean nothing. Outputs:
# out/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
# Byte-wise reads below, and "." decimals and plain sorting everywhere.
export LC_ALL=C

CC=${CC:-clang}
QUICK=
case ${PF_BENCH_QUICK:-0} in 0|'') ;; *) QUICK=1 ;; esac
N=${BENCH_N:-${QUICK:+200}}; N=${N:-2000}
MAX_LEN=${BENCH_MAX_LEN:-512}
SEED=${BENCH_SEED:-1}
ROUNDS=${BENCH_ROUNDS:-${QUICK:+1}}; ROUNDS=${ROUNDS:-30}
RUNS=${BENCH_RUNS:-${QUICK:+1}}; RUNS=${RUNS:-5}

OUT=out/bench
BIN=$OUT/bin
LIBDIR=out/lib/fuzz/msgpack
WARN=(-std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
      -Wformat=2 -Wvla -Werror)
# The flags the Makefile gives the real fuzz target (FLAVOR_fuzz): both
# harnesses pay the same sanitizer and coverage costs a fuzzer sees.
FUZZ=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
      -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link)
SAN=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
     -fno-sanitize-recover=undefined)
INC=(-Iinclude -I"$LIBDIR/include")
# The target: harness/codec.c and its parts, separate translation units
# as the Makefile compiles them.
CODEC_SRCS=(harness/codec.c harness/codec/*.c)
CENSUS_WRAP=(-Wl,--wrap=LLVMFuzzerTestOneInput -Wl,--wrap=msgpack_pack_object
             -Wl,--wrap=msgpack_unpack_next -Wl,--wrap=msgpack_unpacker_next
             -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc)

say() { printf '%s\n' "$*"; }
# median of numbers on stdin (an odd count gives one measurement).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1;
  if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# field NAME=value from an exec_main or census line.
field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }

t_start=$SECONDS
say "== propfuzz benchmarks ($(date -u '+%Y-%m-%d %H:%M UTC'))"
say "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
say "compiler: $($CC --version | head -1)"
[ -n "$QUICK" ] && say "mode: quick (PF_BENCH_QUICK=1): checks that it builds and runs; the numbers are not measurements"

# --- build ----------------------------------------------------------------
# The prerequisites come from the Makefile (libpropfuzz with sanitizers,
# msgpack-c from Debian source with the fuzz flags).
make --no-print-directory out/lib/libpropfuzz.a "$LIBDIR/.built" >/dev/null
mkdir -p "$BIN" "$OUT/obj-O2"

$CC "${WARN[@]}" -O2 bench/gen_inputs.c -o "$BIN/gen_inputs"
$CC "${WARN[@]}" "${FUZZ[@]}" "${INC[@]}" bench/exec_main.c \
    bench/codec_handwritten.c "$LIBDIR/libmsgpackc.a" -o "$BIN/exec_handwritten"
$CC "${WARN[@]}" "${FUZZ[@]}" "${INC[@]}" bench/exec_main.c "${CODEC_SRCS[@]}" \
    out/lib/libpropfuzz.a "$LIBDIR/libmsgpackc.a" -o "$BIN/exec_propfuzz"
$CC "${WARN[@]}" "${FUZZ[@]}" "${INC[@]}" bench/exec_main.c \
    bench/codec_handwritten.c bench/work_census.c "$LIBDIR/libmsgpackc.a" \
    "${CENSUS_WRAP[@]}" -o "$BIN/census_handwritten"
$CC "${WARN[@]}" "${FUZZ[@]}" "${INC[@]}" bench/exec_main.c "${CODEC_SRCS[@]}" \
    bench/work_census.c out/lib/libpropfuzz.a "$LIBDIR/libmsgpackc.a" \
    "${CENSUS_WRAP[@]}" -o "$BIN/census_propfuzz"

# libpropfuzz again at -O2 without sanitizers, from the same sources: the
# decoder's own speed. The library's sources are the Makefile's PF_SRCS
# (the drivers with a main of their own are not in it).
read -r -a pf_srcs <<< "$(make -s --no-print-directory print-PF_SRCS)"
[ ${#pf_srcs[@]} -gt 0 ] || { say "bench/run.sh: make print-PF_SRCS gave no sources" >&2; exit 1; }
O2_OBJS=()
pids=()
for f in "${pf_srcs[@]}"; do
  o=$OUT/obj-O2/$(basename "$f" .c).o
  O2_OBJS+=("$o")
  $CC "${WARN[@]}" -O2 -Iinclude -c "$f" -o "$o" & pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done # each wait fails if its compile did
$CC "${WARN[@]}" -O2 -Iinclude '-DBENCH_BUILD="-O2, no sanitizers"' \
    bench/draw_speed.c "${O2_OBJS[@]}" -lm -o "$BIN/draw_speed_O2"
$CC "${WARN[@]}" "${SAN[@]}" -Iinclude \
    '-DBENCH_BUILD="ASan+UBSan -O1 (out/lib/libpropfuzz.a)"' \
    bench/draw_speed.c out/lib/libpropfuzz.a -lm -o "$BIN/draw_speed_san"
say "built in $((SECONDS - t_start)) s: $BIN/{exec,census}_{propfuzz,handwritten}, draw_speed_{O2,san}"

# --- inputs ---------------------------------------------------------------
# Random inputs from a fixed seed, plus the target's seeds (values that
# decode to every kind); regress/ holds known failures, not workload.
rm -rf "$OUT/inputs" "$OUT/inputs-raw" "$OUT/inputs-values"
mkdir -p "$OUT/inputs" "$OUT/inputs-raw" "$OUT/inputs-values"
"$BIN/gen_inputs" "$OUT/inputs" "$N" "$MAX_LEN" "$SEED"
n_seeds=0
for f in corpus/codec/*; do
  [ -f "$f" ] || continue
  cp "$f" "$OUT/inputs/seed-$(basename "$f")"
  n_seeds=$((n_seeds + 1))
done
# The same inputs split by mode byte (odd first byte: raw mode in both
# harnesses). Raw mode does byte-identical msgpack-c work in both, so its
# ratio isolates propfuzz's own cost; value mode builds different values
# from the same bytes, so the census below says how much each did.
for f in "$OUT"/inputs/*; do
  c=
  IFS= read -r -d '' -n 1 c < "$f" || true
  printf -v byte '%d' "'$c"
  if ((byte % 2)); then ln "$f" "$OUT/inputs-raw/"; else ln "$f" "$OUT/inputs-values/"; fi
done
count() { find "$1" -maxdepth 1 -type f | wc -l; }
say "inputs: $N random (lengths 0..$MAX_LEN, seed $SEED) + $n_seeds from corpus/codec/ in $OUT/inputs/"
say "        of which $(count "$OUT/inputs-raw") raw mode, $(count "$OUT/inputs-values") value mode (hard links in inputs-raw/, inputs-values/)"

# --- execs/s ----------------------------------------------------------------
# bench SET DIR ROUNDS VERBOSE: RUNS runs of each harness on DIR, appended
# to exec.log as "<set> <harness> <exec_main line>".
: > "$OUT/exec.log"
bench() {
  local set=$1 dir=$2 rounds=$3 verbose=$4 i h line order
  for ((i = 1; i <= RUNS; i++)); do
    # Alternate who goes first, so drift in machine load hits both sides.
    if ((i % 2)); then order=(handwritten propfuzz); else order=(propfuzz handwritten); fi
    for h in "${order[@]}"; do
      line=$("$BIN/exec_$h" "$dir" "$rounds")
      echo "$set $h $line" >> "$OUT/exec.log"
      if [ "$verbose" = 1 ]; then
        printf '   run %d %-12s %9s execs/s  (cpu-time based %9s)\n' "$i" "$h" \
          "$(field execs_per_s <<< "$line")" "$(field cpu_execs_per_s <<< "$line")"
      fi
    done
  done
}
med() { grep "^$1 $2 " "$OUT/exec.log" | cut -d' ' -f3- | field "$3" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

say ""
say "== execs/s: harness/codec.c (propfuzz) vs bench/codec_handwritten.c, all inputs"
say "   $RUNS runs each, alternating, $ROUNDS timed passes over the inputs per run"
bench all "$OUT/inputs" "$ROUNDS" 1
hw=$(med all handwritten execs_per_s); pf=$(med all propfuzz execs_per_s)
hwc=$(med all handwritten cpu_execs_per_s); pfc=$(med all propfuzz cpu_execs_per_s)
say ""
printf '   median execs/s   handwritten %9.0f   propfuzz %9.0f\n' "$hw" "$pf"
printf '   median (cpu)     handwritten %9.0f   propfuzz %9.0f\n' "$hwc" "$pfc"
say "   ratio propfuzz/handwritten: $(ratio "$pf" "$hw") (wall), $(ratio "$pfc" "$hwc") (cpu time)"

# Raw-mode execs are ~15x faster: more passes keep each run near a second.
bench raw "$OUT/inputs-raw" $((ROUNDS * 10)) 0
bench values "$OUT/inputs-values" "$ROUNDS" 0

# --- by mode, with the work census -------------------------------------------
# Census binaries are separate (instrumented) builds, run once, untimed.
say ""
say "== by mode: median execs/s (wall / cpu) and work per exec (census, untimed)"
printf '   %-7s %-12s %9s %9s %7s %7s %8s %8s %7s\n' mode harness execs/s cpu ratio \
  packs nodes unpacks allocs
for set in raw values all; do
  case $set in raw) dir=$OUT/inputs-raw ;; values) dir=$OUT/inputs-values ;; *) dir=$OUT/inputs ;; esac
  for h in handwritten propfuzz; do
    c=$("$BIN/census_$h" "$dir" 1 | grep '^census')
    w=$(med "$set" "$h" execs_per_s); cw=$(med "$set" "$h" cpu_execs_per_s)
    r=; [ $h = propfuzz ] && r=$(ratio "$cw" "$(med "$set" handwritten cpu_execs_per_s)")
    printf '   %-7s %-12s %9.0f %9.0f %7s %7s %8s %8s %7s\n' "$set" "$h" "$w" "$cw" \
      "$r" "$(field packs <<< "$c")" "$(field nodes <<< "$c")" \
      "$(field unpacks <<< "$c")" "$(field allocs <<< "$c")"
  done
done
say "   (ratio = propfuzz/handwritten on cpu-time medians; packs = msgpack_pack_object"
say "    calls, nodes = msgpack objects they packed, unpacks = unpack_next +"
say "    unpacker_next calls, allocs = malloc/calloc/realloc calls; all per exec)"

# --- draws --------------------------------------------------------------------
say ""
say "== ns per draw (median of 11; draw_speed, fixed pseudo-random buffer)"
"$BIN/draw_speed_O2" ${QUICK:+--quick} > "$OUT/draw_O2.txt"
"$BIN/draw_speed_san" ${QUICK:+--quick} > "$OUT/draw_san.txt"
# Join the two tables on the primitive's name.
awk 'FNR == NR && /^  pf_/ { o2[$1] = $2; bytes[$1] = $3; order[++n] = $1; next }
     /^  pf_/ { san[$1] = $2 }
     END {
       printf "   %-26s %10s %12s %16s %8s\n", "primitive", "bytes/draw",
              "-O2 ns", "ASan+UBSan ns", "x slower"
       for (i = 1; i <= n; i++) { k = order[i]
         # (parenthesised: a bare ">" in a printf list is a redirection)
         slower = (o2[k] > 0) ? san[k] / o2[k] : 0
         printf "   %-26s %10.2f %12.2f %16.2f %8.1f\n", k, bytes[k], o2[k],
                san[k], slower }
     }' "$OUT/draw_O2.txt" "$OUT/draw_san.txt"
say "   draw_speed -O2:   $(tail -1 "$OUT/draw_O2.txt")"
say "   draw_speed ASan:  $(tail -1 "$OUT/draw_san.txt")"
say ""
say "done in $((SECONDS - t_start)) s; raw numbers in $OUT/exec.log, $OUT/draw_O2.txt, $OUT/draw_san.txt"
