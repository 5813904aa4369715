#!/usr/bin/env bash
# bench/shrink.sh — propfuzz's shrinker against the byte minimisers,
# libFuzzer -minimize_crash=1 and afl-tmin, on the same failing inputs:
# the planted bugs of codec (tests/planted/codec/, inputs found by
# libFuzzer) and the shrinking benchmarks (tests/shrink/, inputs from
# their driver's seeded generator). For each input and minimiser: final
# bytes, draws in the decoded value (the replay binary's report, spans and
# continue-flags not counted), whether the known ideal was reached
# (benchmarks only), wall seconds. A table, then medians per minimiser.
#
#   bash bench/shrink.sh
#
# Tunables (environment): SHRINK_N failing inputs per benchmark (3),
# SHRINK_TIME time cap of every minimisation in seconds (10), PLANTED_N
# inputs per planted bug (1), PLANTED_TIME libFuzzer seconds to find one
# (60), SHRINK_ONLY="reverse codec/round_trip ..." a subset. Found inputs
# are kept in out/shrink-bench/cmp/inputs/ and reused; delete it for new
# ones. Results: out/shrink-bench/cmp/{results.tsv,table.txt,values.txt}.
set -uo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C
ulimit -c 0

N=${SHRINK_N:-3}
T=${SHRINK_TIME:-10}
PLANTED_N=${PLANTED_N:-1}
PLANTED_TIME=${PLANTED_TIME:-60}
ONLY=${SHRINK_ONLY:-}

CMP=out/shrink-bench/cmp
BIN=$CMP/bin
INPUTS=$CMP/inputs
WORK=$CMP/work
WARN=(-std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
      -Wformat=2 -Wvla -Werror)
SAN=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
     -fno-sanitize-recover=undefined)
LIB=out/lib/libpropfuzz.a
AFL_DRIVER=/usr/lib/afl/libAFLDriver.a
# Property failures abort; propfuzz's in-process shrinker abandons them.
export ASAN_OPTIONS=detect_leaks=0

say() { printf '%s\n' "$*"; }
die() { say "bench/shrink.sh: $*" >&2; exit 1; }
wanted() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit }
  if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

command -v afl-tmin >/dev/null && [ -f "$AFL_DRIVER" ] ||
  die "afl-tmin or $AFL_DRIVER missing (Debian package afl++)"
mkdir -p "$BIN" "$INPUTS" "$WORK"
t_start=$SECONDS
say "== shrinking: propfuzz vs libFuzzer -minimize_crash=1 vs afl-tmin ($(date -u '+%Y-%m-%d %H:%M UTC'))"
say "cap per minimisation: ${T}s; $N inputs per benchmark, $PLANTED_N per planted bug; load $(cut -d' ' -f1-3 /proc/loadavg)"

# --- binaries -----------------------------------------------------------------
make -s "$LIB" out/obj/pf/replay_main.o out/obj/pf/shrink_main.o || die "libpropfuzz build failed"

benches=()
for f in tests/shrink/*.c; do
  n=$(basename "${f%.c}")
  [ "$n" != driver ] && wanted "$n" && benches+=("$n")
done
planted=()
for h in tests/planted/codec/*.h; do
  p=$(basename "${h%.h}")
  wanted "codec/$p" && planted+=("$p")
done

# Six binaries per benchmark, one source linked six ways: the
# generator (tests/shrink/driver.c), libFuzzer, AFL++ (stdin driver),
# replay (draw counts), propfuzz's shrink tool, and the ideal check.
build_bench() {
  local n=$1 src=tests/shrink/$1.c
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" tests/shrink/driver.c $LIB -lm -o "$BIN/gen-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -fsanitize=fuzzer -Iinclude "$src" $LIB -lm -o "$BIN/lf-$n" &&
  afl-clang-fast "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" $LIB $AFL_DRIVER -lm \
    -o "$BIN/afl-$n" 2>/dev/null &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" out/obj/pf/replay_main.o $LIB -lm -o "$BIN/replay-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" out/obj/pf/shrink_main.o $LIB -lm -o "$BIN/shrink-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" bench/shrink_ideal.c $LIB -lm -o "$BIN/ideal-$n"
}
# The planted codec bugs: libFuzzer, replay and shrink binaries come from
# the Makefile; AFL++ has no planted build there, so it is made here the
# way the Makefile makes out/afl/codec.
build_planted_afl() {
  local p=$1
  afl-clang-fast "${WARN[@]}" "${SAN[@]}" -Iinclude -Iout/lib/afl/msgpack/include \
    -Itests/planted/codec -DPF_PLANT="\"$p.h\"" harness/codec.c $LIB \
    out/lib/afl/msgpack/*.a $AFL_DRIVER -lm -o "$BIN/afl-codec-$p" 2>/dev/null
}
say "building ..."
for n in "${benches[@]}"; do
  build_bench "$n" &
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
done
wait
for n in "${benches[@]}"; do [ -x "$BIN/ideal-$n" ] || die "build of $n failed"; done
if [ ${#planted[@]} -gt 0 ]; then
  goals=(out/lib/afl/msgpack/.built)
  for p in "${planted[@]}"; do
    goals+=(out/planted/codec/$p out/planted-replay/codec/$p out/planted-shrink/codec/$p)
  done
  make -s -j2 "${goals[@]}" || die "planted builds failed"
  for p in "${planted[@]}"; do build_planted_afl "$p" || die "AFL build of codec/$p failed"; done
fi

# --- failing inputs -------------------------------------------------------------
for n in "${benches[@]}"; do
  [ -f "$INPUTS/$n-$N" ] && continue
  PF_SHRINK_RUNS=$N PF_SHRINK_SAVE=$INPUTS "$BIN/gen-$n" || die "no inputs for $n"
done
for p in "${planted[@]}"; do
  for i in $(seq 1 "$PLANTED_N"); do
    f=$INPUTS/codec-$p-$i
    [ -f "$f" ] && continue
    d=$WORK/find-$p-$i
    rm -rf "$d" && mkdir -p "$d/corpus"
    say "finding codec/$p input $i with libFuzzer (up to ${PLANTED_TIME}s) ..."
    timeout $((PLANTED_TIME + 30)) "out/planted/codec/$p" -seed="$i" \
      -max_total_time="$PLANTED_TIME" -dict=dict/codec.dict \
      -artifact_prefix="$d/" "$d/corpus" corpus/codec >"$d/log" 2>&1
    c=$(ls "$d"/crash-* 2>/dev/null | head -1)
    [ -n "$c" ] && cp "$c" "$f" || say "  codec/$p: not found in ${PLANTED_TIME}s, skipped"
  done
done

# --- measuring ------------------------------------------------------------------
# "<property> <draws>" of a file: its failure report from the replay
# binary lists every draw, one per line with " = " (spans are "label:");
# after a sanitizer report it lists the draws made before the crash.
draws_of() {
  PF_NO_FORK=1 "$1" "$2" 2>&1 | awk '
    /^Falsifying example/ { for (i = 1; i <= NF; i++) if ($i ~ /^property=/) p = substr($i, 10) }
    /ERROR: AddressSanitizer: / && p == "" {
      k = $0; sub(/.*ERROR: AddressSanitizer: /, "", k); sub(/ .*/, "", k); p = "crash:asan-" k }
    /^  draws:$/ || /^draws of / { d = 1; next }
    d && /^    / { if (index($0, " = ")) n++; next }
    d { d = 0 }
    END { print (p == "" ? "PASS" : p), n + 0 }'
}

# One minimiser on one input: writes $w/<tool>.min, prints its seconds.
minimise() {
  local tool=$1 in=$2 w=$3 t0 rc
  rm -f "$w/$tool.min"
  t0=$(now)
  case $tool in
    pf)  cp "$in" "$w/pf" && "$SHRINK" -max_time="$T" "$w/pf" >"$w/pf.log" 2>&1 ;;
    # -max_total_time bounds each of libFuzzer's minimisation steps, not
    # the whole; timeout(1) caps the whole (its process group), and the
    # artifact written by the last finished step is the result.
    lf)  timeout "$T" "$LF" -minimize_crash=1 -max_total_time="$T" \
           -exact_artifact_path="$w/lf.min" "$in" >"$w/lf.log" 2>&1 ;;
    afl) env -u ASAN_OPTIONS timeout $((T + 30)) afl-tmin -i "$in" -o "$w/afl.min" \
           -m none -t 2000 -- "$AFL" >"$w/afl.log" 2>&1 ;;
  esac
  since "$t0"
}

results=$CMP/results.tsv values=$CMP/values.txt
printf 'input\ttool\tbytes\tdraws\tideal\tseconds\tproperty\n' >"$results"
: >"$values"
cases=()
for n in "${benches[@]}"; do
  for i in $(seq 1 "$N"); do [ -f "$INPUTS/$n-$i" ] && cases+=("bench $n $INPUTS/$n-$i"); done
done
for p in "${planted[@]}"; do
  for i in $(seq 1 "$PLANTED_N"); do
    [ -f "$INPUTS/codec-$p-$i" ] && cases+=("planted $p $INPUTS/codec-$p-$i")
  done
done
say "minimising ${#cases[@]} inputs three ways ..."
for c in "${cases[@]}"; do
  read -r kind name in <<<"$c"
  id=$(basename "$in")
  w=$WORK/$id && rm -rf "$w" && mkdir -p "$w"
  if [ "$kind" = bench ]; then
    LF=$BIN/lf-$name AFL=$BIN/afl-$name REPLAY=$BIN/replay-$name
    SHRINK=$BIN/shrink-$name IDEAL=$BIN/ideal-$name prop=$name
  else
    LF=out/planted/codec/$name AFL=$BIN/afl-codec-$name REPLAY=out/planted-replay/codec/$name
    SHRINK=out/planted-shrink/codec/$name IDEAL= prop=$name
  fi
  read -r p0 d0 <<<"$(draws_of "$REPLAY" "$in")"
  printf '%s\tstart\t%s\t%s\t-\t-\t%s\n' "$id" "$(stat -c %s "$in")" "$d0" "$p0" >>"$results"
  [ -n "$IDEAL" ] && say "$id start: $("$IDEAL" "$in" | cut -c1-150)" >>"$values"
  for tool in pf lf afl; do
    secs=$(minimise "$tool" "$in" "$w")
    out=$w/$tool.min
    if [ ! -s "$out" ]; then
      printf '%s\t%s\t-\t-\t-\t%s\tnone\n' "$id" "$tool" "$secs" >>"$results"
      continue
    fi
    read -r p1 d1 <<<"$(draws_of "$REPLAY" "$out")"
    ideal=-
    if [ -n "$IDEAL" ]; then
      v=$("$IDEAL" "$out")
      ideal=${v%% *}
      say "$id $tool: $(cut -c1-150 <<<"$v")" >>"$values"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$tool" "$(stat -c %s "$out")" "$d1" \
      "$ideal" "$secs" "$p1" >>"$results"
  done
done

# --- table ----------------------------------------------------------------------
# One row per input: start, then bytes/draws/ideal/seconds per minimiser.
# A result that lost the property is marked "!" (it fails differently).
awk -F'\t' '
  NR == 1 { next }
  { key = $1 "\t" $2; b[key] = $3; d[key] = $4; i[key] = $5; s[key] = $6; p[key] = $7
    if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
    if ($2 == "start") want[$1] = $7 }
  END {
    printf "%-34s %11s | %-22s | %-22s | %-22s\n", "", "start", "propfuzz", \
      "libFuzzer -minimize", "afl-tmin"
    printf "%-34s %5s %5s | %5s %5s %5s %5s | %5s %5s %5s %5s | %5s %5s %5s %5s\n", \
      "input", "bytes", "draws", "bytes", "draws", "ideal", "secs", "bytes", "draws", \
      "ideal", "secs", "bytes", "draws", "ideal", "secs"
    for (k = 1; k <= n; k++) {
      id = order[k]
      printf "%-34s %5s %5s", id, b[id "\tstart"], d[id "\tstart"]
      split("pf lf afl", tools, " ")
      for (t = 1; t <= 3; t++) {
        key = id "\t" tools[t]
        lost = (p[key] != want[id] && p[key] != "none") ? "!" : ""
        printf " | %5s %5s %5s %5s", b[key], d[key] lost, i[key], s[key]
      }
      printf "\n"
    }
  }' "$results" | tee "$CMP/table.txt"

say ""
say "medians over every input; ideal: benchmark inputs that reached their known minimum;"
say "same failure: results that still fail the starting property (else another, or no result)"
printf '%-22s %7s %7s %7s %9s %13s\n' minimiser bytes draws secs ideal "same failure"
for tool in start pf lf afl; do
  case $tool in start) label="(start)";; pf) label=propfuzz;; lf) label="libFuzzer -minimize";; afl) label=afl-tmin;; esac
  rows=$(awk -F'\t' -v t="$tool" 'NR > 1 && $2 == t' "$results")
  mb=$(cut -f3 <<<"$rows" | grep -v '^-$' | median)
  md=$(cut -f4 <<<"$rows" | grep -v '^-$' | median)
  ms=$(cut -f6 <<<"$rows" | grep -v '^-$' | median)
  k=$(cut -f5 <<<"$rows" | grep -c '^ideal$')
  m=$(awk -F'\t' -v t="$tool" 'NR > 1 && $2 == t && $1 !~ /^codec-/' "$results" | wc -l)
  same=$(awk -F'\t' -v t="$tool" 'NR > 1 && $2 == "start" { w[$1] = $7 }
    NR > 1 && $2 == t { n++; if ($7 == w[$1]) c++ } END { print c + 0 "/" n + 0 }' "$results")
  [ "$tool" = start ] && { k=-; m=-; same=-; }
  printf '%-22s %7s %7s %7s %9s %13s\n' "$label" "$mb" "$md" "$ms" "$k/$m" "$same"
done
say ""
say "values reached: $values; raw results: $results ($((SECONDS - t_start))s in all)"
