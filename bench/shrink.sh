#!/usr/bin/env bash
# bench/shrink.sh — propfuzz's shrinker against the byte minimisers,
# libFuzzer -minimize_crash=1 and afl-tmin, on the same failing inputs:
# the planted bugs of codec (tests/planted/codec/, inputs found by
# libFuzzer) and the shrinking benchmarks (tests/shrink/), whose inputs
# come three ways: the first failure libFuzzer finds from an empty corpus
# ("lf"), and the first failing random input of the benchmark driver's
# seeded generator, of any length ("random") or of 512 bytes ("big").
# For each input and minimiser: final bytes, the shrinker's size (bytes
# the draws read, zeros past the end included, a string's escapes not),
# draws in the decoded value (spans and continue-flags not counted),
# whether the known ideal was reached (benchmarks only), wall seconds. A
# table, then medians per minimiser and ideal counts per kind of start.
#
#   bash bench/shrink.sh
#   SHRINK_BASELINE=<checkout> bash bench/shrink.sh
#
# SHRINK_BASELINE names another checkout of propfuzz whose
# out/lib/libpropfuzz.a and out/obj/pf/shrink_main.o are built (make
# there): its shrink tool runs as one more minimiser, "propfuzz (base)",
# on the same inputs (a before/after table in one run).
#
# Tunables (environment): SHRINK_N inputs of each kind per benchmark (3),
# SHRINK_TIME time cap of every minimisation in seconds (10), PLANTED_N
# inputs per planted bug (1), PLANTED_TIME libFuzzer seconds to find one
# (60), FIND_TIME libFuzzer seconds to find a benchmark's first failure
# (30), SHRINK_ONLY="reverse codec/round_trip ..." a subset.
# PF_BENCH_QUICK=1 (make test): one input of each kind of equal_bytes and
# a fixed planted input, 1 s caps, one round (under a minute on a loaded
# machine, most of it building); checks only that every propfuzz result
# still fails the same way. Found inputs are kept in
# out/shrink-bench/cmp/inputs/ and reused; delete it for new ones.
# Results: out/shrink-bench/cmp/{results.tsv,table.txt,values.txt}.
set -uo pipefail
cd "$(dirname "$0")/.."
# Every input here fails on purpose: the targets save nothing (set but
# empty; unset, a failing input is saved under propfuzz-findings/).
export PF_FINDINGS_DIR=
export LC_ALL=C
ulimit -c 0

QUICK=${PF_BENCH_QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
N=${SHRINK_N:-3}
T=${SHRINK_TIME:-10}
PLANTED_N=${PLANTED_N:-1}
PLANTED_TIME=${PLANTED_TIME:-60}
FIND_TIME=${FIND_TIME:-30}
ONLY=${SHRINK_ONLY:-}
BASE=${SHRINK_BASELINE:-}
if [ -n "$QUICK" ]; then
  N=1 T=1 PLANTED_N=1 FIND_TIME=5
  ONLY=${SHRINK_ONLY:-equal_bytes codec/round_trip}
fi

CMP=out/shrink-bench/cmp
[ -n "$QUICK" ] && CMP=out/shrink-bench/cmp-quick
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
if [ -n "$BASE" ]; then
  [ -f "$BASE/out/lib/libpropfuzz.a" ] && [ -f "$BASE/out/obj/pf/shrink_main.o" ] ||
    die "SHRINK_BASELINE=$BASE: build out/lib/libpropfuzz.a and out/obj/pf/shrink_main.o there first"
fi
TOOLS="pf lf afl"
[ -n "$BASE" ] && TOOLS="pf pf0 lf afl"
mkdir -p "$BIN" "$INPUTS" "$WORK"
t_start=$SECONDS
say "== shrinking: propfuzz vs libFuzzer -minimize_crash=1 vs afl-tmin ($(date -u '+%Y-%m-%d %H:%M UTC'))"
say "cap per minimisation: ${T}s; $N inputs of each kind per benchmark, $PLANTED_N per planted bug; load $(cut -d' ' -f1-3 /proc/loadavg)${QUICK:+ (quick mode)}"

# --- binaries -----------------------------------------------------------------
make -s "$LIB" out/obj/pf/drivers/replay_main.o out/obj/pf/drivers/shrink_main.o || die "libpropfuzz build failed"

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
# replay (draw counts), propfuzz's shrink tool, and the ideal check; and
# the baseline's shrink tool.
build_bench() {
  local n=$1 src=tests/shrink/$1.c
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" tests/shrink/driver.c $LIB -lm -o "$BIN/gen-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -fsanitize=fuzzer -Iinclude "$src" $LIB -lm -o "$BIN/lf-$n" &&
  afl-clang-fast "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" $LIB $AFL_DRIVER -lm \
    -o "$BIN/afl-$n" 2>/dev/null &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" out/obj/pf/drivers/replay_main.o $LIB -lm -o "$BIN/replay-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" out/obj/pf/drivers/shrink_main.o $LIB -lm -o "$BIN/shrink-$n" &&
  clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" bench/shrink_ideal.c $LIB -lm -o "$BIN/ideal-$n" &&
  { [ -z "$BASE" ] || clang "${WARN[@]}" "${SAN[@]}" -Iinclude "$src" \
      "$BASE/out/obj/pf/shrink_main.o" "$BASE/out/lib/libpropfuzz.a" -lm -o "$BIN/shrink0-$n"; }
}
# The planted codec bugs: libFuzzer, replay and shrink binaries come from
# the Makefile; AFL++ (and the baseline) have no planted build there, so
# they are made here the way the Makefile makes out/afl/codec: from
# harness/codec.c and its parts, each a translation unit.
CODEC_SRCS=(harness/codec.c harness/codec/*.c)
planted_cflags() { printf '%s\n' -Iinclude "-Iout/lib/$1/msgpack/include" -Itests/planted/codec "-DPF_PLANT=\"$2.h\""; }
build_planted() {
  local p=$1 flags
  mapfile -t flags < <(planted_cflags afl "$p")
  afl-clang-fast "${WARN[@]}" "${SAN[@]}" "${flags[@]}" "${CODEC_SRCS[@]}" $LIB \
    out/lib/afl/msgpack/*.a $AFL_DRIVER -lm -o "$BIN/afl-codec-$p" 2>/dev/null || return 1
  [ -z "$BASE" ] && return 0
  mapfile -t flags < <(planted_cflags fuzz "$p")
  clang "${WARN[@]}" "${SAN[@]}" "${flags[@]}" "${CODEC_SRCS[@]}" "$BASE/out/obj/pf/shrink_main.o" \
    "$BASE/out/lib/libpropfuzz.a" out/lib/fuzz/msgpack/*.a -lm -o "$BIN/shrink0-codec-$p"
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
  for p in "${planted[@]}"; do build_planted "$p" || die "build of codec/$p failed"; done
fi

# --- failing inputs -------------------------------------------------------------
# libFuzzer's first failure of binary $1 with seed $2 into file $3.
first_failure() {
  local d=$WORK/find-$(basename "$3")
  rm -rf "$d" && mkdir -p "$d/corpus"
  timeout $(($4 + 30)) "$1" -seed="$2" -max_total_time="$4" "${@:5}" \
    -artifact_prefix="$d/" "$d/corpus" >"$d/log" 2>&1
  local c; c=$(ls "$d"/crash-* 2>/dev/null | head -1)
  [ -n "$c" ] && cp "$c" "$3"
}
for n in "${benches[@]}"; do
  if [ ! -f "$INPUTS/$n-$N" ] || [ ! -f "$INPUTS/$n-big$N" ]; then
    PF_SHRINK_RUNS=$N PF_SHRINK_SAVE=$INPUTS "$BIN/gen-$n" || die "no inputs for $n"
  fi
  for i in $(seq 1 "$N"); do
    [ -f "$INPUTS/$n-lf$i" ] || first_failure "$BIN/lf-$n" "$i" "$INPUTS/$n-lf$i" "$FIND_TIME" ||
      say "  $n: libFuzzer found no failure in ${FIND_TIME}s (seed $i), skipped"
  done
done
for p in "${planted[@]}"; do
  for i in $(seq 1 "$PLANTED_N"); do
    f=$INPUTS/codec-$p-$i
    [ -f "$f" ] && continue
    if [ -n "$QUICK" ] && [ "$p" = round_trip ]; then
      # A failing batch (tests/run.sh's shrink step): no fuzzing in quick mode.
      printf '\x00\x00\x00\x00\x00\x00\x06\x00\x00\x00hello\x00\x01\x03\x00\x07\x00\x00\x00\x00\x00\x00\x00\x01\x08\x00\x00\x01\x01\x01\x00\x01\x04\x01\x80\x00\x00\x00\x00\x00\x00\x00\x80' >"$f"
      continue
    fi
    say "finding codec/$p input $i with libFuzzer (up to ${PLANTED_TIME}s) ..."
    first_failure "out/planted/codec/$p" "$i" "$f" "$PLANTED_TIME" -dict=dict/codec.dict corpus/codec ||
      say "  codec/$p: not found in ${PLANTED_TIME}s, skipped"
  done
done

# --- measuring ------------------------------------------------------------------
# "<property> <draws> <size>" of a file: its failure report from the
# replay binary lists every draw, one per line with " = " (spans are
# "label:"), after a sanitizer report the draws made before the crash;
# the size is the shrink tool's (its summary line, from a 0 s run).
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

# The shrinker's size of a file: the shrink tool's summary line after a
# run capped at once (its first evaluation is all it makes).
size_of() {
  local w=$WORK/size
  mkdir -p "$w" && cp "$2" "$w/in" &&
    "$1" -max_time=0.000001 "$w/in" 2>/dev/null |
    sed -n 's/.* size \([0-9]*\) -> .*/\1/p' | head -1
}

# One minimiser on one input: writes $w/<tool>.min, prints its seconds.
minimise() {
  local tool=$1 in=$2 w=$3 t0
  rm -f "$w/$tool.min"
  t0=$(now)
  case $tool in
    pf)  cp "$in" "$w/pf" && "$SHRINK" -max_time="$T" "$w/pf" >"$w/pf.log" 2>&1 ;;
    pf0) cp "$in" "$w/pf0" && "$SHRINK0" -max_time="$T" "$w/pf0" >"$w/pf0.log" 2>&1 ;;
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
printf 'input\ttool\tbytes\tdraws\tideal\tseconds\tproperty\tsize\n' >"$results"
: >"$values"
cases=()
for n in "${benches[@]}"; do
  for i in $(seq 1 "$N"); do
    for k in "" big lf; do
      [ -f "$INPUTS/$n-$k$i" ] && cases+=("bench $n $INPUTS/$n-$k$i")
    done
  done
done
for p in "${planted[@]}"; do
  for i in $(seq 1 "$PLANTED_N"); do
    [ -f "$INPUTS/codec-$p-$i" ] && cases+=("planted $p $INPUTS/codec-$p-$i")
  done
done
say "minimising ${#cases[@]} inputs $(wc -w <<<"$TOOLS") ways ..."
for c in "${cases[@]}"; do
  read -r kind name in <<<"$c"
  id=$(basename "$in")
  w=$WORK/$id && rm -rf "$w" && mkdir -p "$w"
  if [ "$kind" = bench ]; then
    LF=$BIN/lf-$name AFL=$BIN/afl-$name REPLAY=$BIN/replay-$name
    SHRINK=$BIN/shrink-$name SHRINK0=$BIN/shrink0-$name IDEAL=$BIN/ideal-$name
  else
    LF=out/planted/codec/$name AFL=$BIN/afl-codec-$name REPLAY=out/planted-replay/codec/$name
    SHRINK=out/planted-shrink/codec/$name SHRINK0=$BIN/shrink0-codec-$name IDEAL=
  fi
  read -r p0 d0 <<<"$(draws_of "$REPLAY" "$in")"
  s0=$(size_of "$SHRINK" "$in")
  printf '%s\tstart\t%s\t%s\t-\t-\t%s\t%s\n' "$id" "$(stat -c %s "$in")" "$d0" "$p0" \
    "${s0:--}" >>"$results"
  [ -n "$IDEAL" ] && say "$id start: $("$IDEAL" "$in" | cut -c1-150)" >>"$values"
  for tool in $TOOLS; do
    secs=$(minimise "$tool" "$in" "$w")
    out=$w/$tool.min
    if [ ! -f "$out" ]; then
      printf '%s\t%s\t-\t-\t-\t%s\tnone\t-\n' "$id" "$tool" "$secs" >>"$results"
      continue
    fi
    read -r p1 d1 <<<"$(draws_of "$REPLAY" "$out")"
    s1=$(size_of "$SHRINK" "$out")
    ideal=-
    if [ -n "$IDEAL" ]; then
      v=$("$IDEAL" "$out")
      ideal=${v%% *}
      say "$id $tool: $(cut -c1-150 <<<"$v")" >>"$values"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$tool" "$(stat -c %s "$out")" "$d1" \
      "$ideal" "$secs" "$p1" "${s1:--}" >>"$results"
  done
done

# --- table ----------------------------------------------------------------------
label() {
  case $1 in start) echo "(start)";; pf) echo propfuzz;; pf0) echo "propfuzz (base)";;
    lf) echo "libFuzzer -minimize";; afl) echo afl-tmin;; esac
}
# One row per input: start, then bytes/size/draws/ideal/seconds per
# minimiser. A result that lost the property is marked "!" (it fails
# differently, or not at all).
awk -F'\t' -v tools="$TOOLS" -v labels="$(for t in $TOOLS; do label "$t"; done | paste -sd'|')" '
  NR == 1 { next }
  { key = $1 "\t" $2; b[key] = $3; d[key] = $4; i[key] = $5; s[key] = $6; p[key] = $7; z[key] = $8
    if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
    if ($2 == "start") want[$1] = $7 }
  END {
    nt = split(tools, t, " "); split(labels, l, "|")
    printf "%-28s %17s", "", "start"
    for (k = 1; k <= nt; k++) printf " | %-29s", l[k]
    printf "\n%-28s %5s %5s %5s", "input", "bytes", "size", "draws"
    for (k = 1; k <= nt; k++) printf " | %5s %5s %5s %5s %5s", "bytes", "size", "draws", "ideal", "secs"
    printf "\n"
    for (r = 1; r <= n; r++) {
      id = order[r]
      printf "%-28s %5s %5s %5s", id, b[id "\tstart"], z[id "\tstart"], d[id "\tstart"]
      for (k = 1; k <= nt; k++) {
        key = id "\t" t[k]
        lost = (p[key] != want[id]) ? "!" : ""
        printf " | %5s %5s %5s %5s %5s", b[key], z[key], d[key] lost, i[key], s[key]
      }
      printf "\n"
    }
  }' "$results" | tee "$CMP/table.txt"

say ""
say "medians over every input; ideal: benchmark inputs that reached their known minimum"
say "(from random / 512-byte / libFuzzer starts); same failure: results that still fail"
say "the starting property"
printf '%-22s %6s %6s %6s %7s %9s %20s %13s\n' minimiser bytes size draws secs ideal \
  "(random big lf)" "same failure"
# Over $rows (one tool's results): the median of column $1, and
# ideal/all of the benchmark inputs whose kind of start is $1 (any: all).
col() { cut -f"$1" <<<"$rows" | grep -v '^-$' | median; }
ideal_of() {
  awk -F'\t' -v want="$1" '{ k = $1 ~ /^codec-/ ? "planted" : $1 ~ /-lf[0-9]+$/ ? "lf" : $1 ~ /-big[0-9]+$/ ? "big" : "random" }
    k != "planted" && (want == "any" || k == want) { n++; if ($5 == "ideal") c++ }
    END { print c + 0 "/" n + 0 }' <<<"$rows"
}
status=0
for tool in start $TOOLS; do
  rows=$(awk -F'\t' -v t="$tool" 'NR > 1 && $2 == t' "$results")
  same=$(awk -F'\t' -v t="$tool" 'NR > 1 && $2 == "start" { w[$1] = $7 }
    NR > 1 && $2 == t { n++; if ($7 == w[$1]) c++ } END { print c + 0 "/" n + 0 }' "$results")
  by_kind="$(ideal_of random) $(ideal_of big) $(ideal_of lf)"
  all=$(ideal_of any)
  if [ "$tool" = start ]; then all=- by_kind=- same=-; fi
  printf '%-22s %6s %6s %6s %7s %9s %20s %13s\n' "$(label "$tool")" "$(col 3)" "$(col 8)" \
    "$(col 4)" "$(col 6)" "$all" "$by_kind" "$same"
  # What this script asserts: propfuzz's results keep their failure.
  if [ "$tool" = pf ] && [ "${same%/*}" != "${same#*/}" ]; then
    say "FAIL: a propfuzz result does not fail the way its start did (see $results)"
    status=1
  fi
done
say ""
say "values reached: $values; raw results: $results ($((SECONDS - t_start))s in all)"
exit $status
