#!/usr/bin/env bash
# bench/mutator.sh — the structure-aware mutator (properties/mutator/)
# against libFuzzer's own byte mutations, side by side.
#
#   bash bench/mutator.sh
#
# For each target, each arm and each seed: libFuzzer from the committed
# seeds (corpus/<t>, dict/<t>.dict, a fresh work corpus), T2 seconds; the
# edges covered (its `cov:` line) after T1 and after T2 seconds, and the
# executions made, and the library's lines covered then (LINES=1: the
# work corpus as it was at T1 and at T2, with the committed seeds, replayed
# by the coverage build out/cov/<t>; lines of the library's own sources,
# not of harness/, properties/ or adapters/). Arms: off (PF_MUTATOR=0: libFuzzer's mutations only),
# on (PF_MUTATOR=1: the mutator on the inputs libFuzzer just ran, whose
# draws that run recorded), runs (PF_MUTATOR=1 PF_MUTATOR_RUNS=1: also on
# the first step of a mutation chain, an extra run of the target). Then
# the mutator alone on the target's corpus (bench/mutator_speed.c: its
# cost per mutation, and what the mutated inputs cost to run), and from the
# libFuzzer runs the share of mutations it took (PF_MUTATOR_STATS).
#
# Time to kill (KILL_IDS_<t>="id,id,..." set): per seed, make mutate-<t>
# with MUTANT_IDS, SEED and MUTATOR=0, then 1 (MUTANT_TIME=KILL_TIME, T2
# unless set); per arm the runs (mutant and seed) killed by fuzzing (a
# mutant the corpus replay already kills is not counted) and the median
# seconds to kill, survivors counted as never, and among the kills.
#
# Planted bugs (PLANTED=1, the default outside quick mode): each
# tests/planted/<t>/<property>.h the seeds do not already fail, fuzzed from
# the seeds per arm and seed: seconds until it is found (T2 at most).
#
# Settings (environment): TARGETS ("codec cjson csv zlib search"), ARMS
# ("off on"), SEEDS (3; SEED_LIST="2 3" runs those seeds instead, so two
# shares of a measurement can run side by side, each with its own
# PF_BENCH_OUT), LINES (1), T1 (60), T2 (300), COVERAGE=0 skips the coverage
# runs, PLANTED=0 the planted bugs. PF_BENCH_QUICK=1 (what make
# test runs): codec only, one seed, T1=1, T2=3, arms off and on, no kill
# times; it checks that everything builds, runs and is parsed, and its
# numbers mean nothing. Outputs: out/bench/mutator/ (logs, results.tsv).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

QUICK=
case ${PF_BENCH_QUICK:-0} in 0|'') ;; *) QUICK=1 ;; esac
TARGETS=${TARGETS:-${QUICK:+codec}}; TARGETS=${TARGETS:-codec cjson csv zlib search}
ARMS=${ARMS:-off on}
SEEDS=${SEEDS:-${QUICK:+1}}; SEEDS=${SEEDS:-3}
T1=${T1:-${QUICK:+1}}; T1=${T1:-60}
T2=${T2:-${QUICK:+3}}; T2=${T2:-300}
OUT=${PF_BENCH_OUT:-out/bench/mutator}
COVERAGE=${COVERAGE:-1}
LINES=${LINES:-1}
SEED_LIST=${SEED_LIST:-$(seq 1 "$SEEDS")}
KILL_TIME=${KILL_TIME:-$T2}
PLANTED=${PLANTED:-${QUICK:+0}}; PLANTED=${PLANTED:-1}
CC=${CC:-clang}

die() { echo "bench/mutator.sh: $*" >&2; exit 2; }
case "$T1$T2$SEEDS$KILL_TIME${SEED_LIST//[ $'\n']/}" in *[!0-9]*) die "T1, T2, SEEDS, SEED_LIST and KILL_TIME must be whole numbers";; esac
[ "$T1" -le "$T2" ] || die "T1 ($T1) must not exceed T2 ($T2)"
for a in $ARMS; do case $a in off|on|runs) ;; *) die "unknown arm '$a' (off, on, runs)";; esac; done

arm_env() { # ARM -> env assignments
  case $1 in off) echo PF_MUTATOR=0 ;; on) echo PF_MUTATOR=1 ;;
             runs) echo PF_MUTATOR=1 PF_MUTATOR_RUNS=1 ;; esac
}

# The table, from one results file or several (shares run side by side:
# PF_BENCH_MERGE="a/results.tsv b/results.tsv" prints theirs and stops).
summary() { # RESULTS...
echo
echo "edges covered (libFuzzer cov:) and library lines, median over seeds [min-max], and executions:"
printf '%-8s %-6s %16s %16s %16s %16s %10s %11s\n' target arm "cov@${T1}s" "cov@${T2}s" "lines@${T1}s" "lines@${T2}s" execs structural
awk -F'\t' 'FNR > 1 { k = $1 "\t" $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k }
                     a[k] = a[k] " " $4; b[k] = b[k] " " $5; e[k] = e[k] " " $6; sh[k] = sh[k] " " $7
                     l1[k] = l1[k] " " $8; l2[k] = l2[k] " " $9 }
  function med(s,   v, m, i, j, t) { m = split(s, v, " ")
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
    return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
  function rng(s,   v, m, i, lo, hi) { m = split(s, v, " "); lo = hi = v[1]
    for (i = 2; i <= m; i++) { if (v[i] + 0 < lo + 0) lo = v[i]; if (v[i] + 0 > hi + 0) hi = v[i] }
    return "[" lo "-" hi "]" }
  END { for (i = 1; i <= n; i++) { k = order[i]; split(k, p, "\t")
    printf "%-8s %-6s %6s %9s %6s %9s %6s %9s %6s %9s %10s %10s%%\n", p[1], p[2], med(a[k]), rng(a[k]), med(b[k]), rng(b[k]),
      lmed(l1[k]), lrng(l1[k]), lmed(l2[k]), lrng(l2[k]), med(e[k]), med(sh[k]) } }
  function lmed(s) { return s ~ /-/ ? "-" : med(s) }
  function lrng(s) { return s ~ /-/ ? "" : rng(s) }' "$@"
}

if [ -n "${PF_BENCH_MERGE:-}" ]; then
  # shellcheck disable=SC2086
  summary $PF_BENCH_MERGE
  exit 0
fi

mkdir -p "$OUT"
res=$OUT/results.tsv
printf 'target\tarm\tseed\tcov_t1\tcov_t2\texecs\tstructural_pct\tlines_t1\tlines_t2\n' > "$res"
echo "== bench/mutator.sh ($(date -u '+%Y-%m-%d %H:%M UTC')): T1=${T1}s T2=${T2}s seeds=$(echo $SEED_LIST) arms='$ARMS'"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "$QUICK" ] && echo "mode: quick (PF_BENCH_QUICK=1): checks that it builds and runs; the numbers are not measurements"

# One libFuzzer run; every output line stamped with the seconds since the
# start, so one run gives the coverage at T1 and at T2.
fuzz_run() { # TARGET ARM SEED LOG
  local t=$1 arm=$2 seed=$3 log=$4 work=$OUT/work/$1-$2-$3
  local dict=()
  [ -s "dict/$t.dict" ] && dict=(-dict="dict/$t.dict")
  rm -rf "$work" "$work.t1" && mkdir -p "$work" "$work.t1"
  # The work corpus as it stands at T1, for the library lines then.
  ( sleep "$T1"; find "$work" -maxdepth 1 -type f -exec cp -t "$work.t1" {} + 2>/dev/null || true ) &
  local snap=$!
  # The clock is bash's (no process per line: libFuzzer prints hundreds of
  # lines a second at the start, on a machine the runs share).
  echo "$EPOCHREALTIME start" > "$log"
  # shellcheck disable=SC2046
  env $(arm_env "$arm") PF_MUTATOR_STATS=1 PF_FINDINGS_DIR="$work/findings" \
    out/libfuzzer/"$t" -seed="$seed" -max_total_time="$T2" -print_final_stats=1 \
    -artifact_prefix="$work/" "${dict[@]}" "$work" "corpus/$t" 2>&1 |
    while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done >> "$log" || true
  wait "$snap" || true
}

# Library lines covered by the committed seeds and one work corpus, by the
# coverage build: llvm-cov's line count over the files that are not
# propfuzz's own (harness/, properties/, adapters/, include/) or the system's.
lib_lines() { # TARGET CORPUS-DIR -> lines covered
  local t=$1 dir=$2 prof=$OUT/prof
  rm -rf "$prof" && mkdir -p "$prof"
  LLVM_PROFILE_FILE="$prof/%p.profraw" PF_FINDINGS_DIR= out/cov/"$t" -allow_empty "corpus/$t" "$dir" \
    > "$prof/replay.log" 2>&1 || true
  llvm-profdata merge -sparse "$prof"/*.profraw -o "$prof/merged.profdata" 2>/dev/null || { echo -; return; }
  llvm-cov report out/cov/"$t" -instr-profile="$prof/merged.profdata" \
    -ignore-filename-regex='^/usr/|/harness/|/properties/|/adapters/|/include/propfuzz|^harness/|^properties/|^adapters/|^include/' |
    awk '$1 == "TOTAL" { print $8 - $9; found = 1 } END { if (!found) print "-" }'
}

cov_at() { # LOG SECONDS -> the last cov: at or before then
  awk -v t="$2" 'NR == 1 { t0 = $1; next }
                 $1 - t0 <= t && / cov: / { for (i = 2; i < NF; i++) if ($i == "cov:") c = $(i + 1) }
                 END { print (c == "" ? "-" : c) }' "$1"
}

for t in $TARGETS; do
  [ -f "harness/$t.c" ] || die "no target '$t' (harness/$t.c)"
  [ "$COVERAGE" = 1 ] || continue
  make -s --no-print-directory "out/libfuzzer/$t" >/dev/null || die "make out/libfuzzer/$t failed"
  if [ "$LINES" = 1 ]; then
    make -s --no-print-directory "out/cov/$t" >/dev/null || die "make out/cov/$t failed"
  fi
  for s in $SEED_LIST; do
    for arm in $ARMS; do
      log=$OUT/$t-$arm-$s.log
      fuzz_run "$t" "$arm" "$s" "$log"
      c1=$(cov_at "$log" "$T1") c2=$(cov_at "$log" 999999)
      execs=$(sed -n 's/.*stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -1)
      share=$(sed -n 's/.*structural \([0-9.]*\)%.*/\1/p' "$log" | tail -1)
      [ "$c2" != - ] || die "no cov: line in $log (did the run start? see the log)"
      l1=- l2=-
      if [ "$LINES" = 1 ]; then
        l1=$(lib_lines "$t" "$OUT/work/$t-$arm-$s.t1") l2=$(lib_lines "$t" "$OUT/work/$t-$arm-$s")
        [ "$l2" != - ] || die "no library lines for $t (see $OUT/prof/replay.log)"
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$arm" "$s" "$c1" "$c2" "${execs:--}" "${share:--}" "$l1" "$l2" >> "$res"
    done
  done
done

[ "$COVERAGE" = 1 ] && summary "$res"

# --- time to find planted bugs the seeds do not already fail --------------
# tests/planted/<t>/<property>.h (not crashes): replayed on the seeds first;
# a bug the seeds already fail is not counted. The others are fuzzed from
# the seeds until the property fails or T2 seconds, per arm and seed.
if [ "$PLANTED" = 1 ]; then
  echo
  echo "planted bugs the seeds do not fail: seconds to find (- : not found in ${T2}s), per seed:"
  : > "$OUT/planted.tsv"
  for t in $TARGETS; do
    seeds=$OUT/seeds-$t
    rm -rf "$seeds" && mkdir -p "$seeds"
    find "corpus/$t" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$seeds/" \;
    for h in tests/planted/"$t"/*.h; do
      [ -f "$h" ] || continue
      prop=$(basename "${h%.h}")
      case $prop in crash_*) continue;; esac
      bin=out/planted/$t/$prop
      make -s --no-print-directory "$bin" >/dev/null || die "make $bin failed"
      if ! PF_FINDINGS_DIR=$OUT/work/findings "$bin" -runs=0 "$seeds" > "$OUT/planted.log" 2>&1; then
        echo "  $t/$prop: the seeds fail it (not counted)"
        continue
      fi
      for arm in $ARMS; do
        times=()
        for s in $SEED_LIST; do
          work=$OUT/work/planted-$t-$prop-$arm-$s
          rm -rf "$work" && mkdir -p "$work/corpus"
          start=$EPOCHREALTIME
          # shellcheck disable=SC2046
          env $(arm_env "$arm") PF_FINDINGS_DIR="$work/findings" "$bin" -seed="$s" \
            -max_total_time="$T2" -dict="dict/$t.dict" -artifact_prefix="$work/" \
            "$work/corpus" "$seeds" > "$work/log" 2>&1 || true
          if grep -q "property=${prop%%-*}\b" "$work/log"; then  # <property>-<bug>.h
            times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')")
          else
            times+=(-)
          fi
          printf '%s\tplanted:%s\t%s\t%s\n' "$t" "$prop" "$arm" "${times[-1]}" >> "$OUT/planted.tsv"
        done
        echo "  $t/$prop $arm: ${times[*]}"
      done
    done
  done
fi

# --- the mutator alone: cost per mutation ------------------------------------
t=$(set -- $TARGETS; echo "$1")
if [ "$t" = codec ]; then
  mkdir -p out/bench/bin
  # shellcheck disable=SC2046
  $CC -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 \
    -Wvla -Werror -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
    -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link -Iinclude -Iproperties -Iadapters \
    -Iout/lib/fuzz/msgpack/include bench/mutator_speed.c harness/codec.c harness/codec/*.c \
    out/lib/libpropfuzz.a out/lib/fuzz/msgpack/*.a -lm -o out/bench/bin/mutator_speed
  echo
  echo "the mutator on corpus/codec (us per call, CPU; mutate_us: each decode runs the target; reused_mutate_us: the input was just run, as under libFuzzer):"
  for e in 0 40; do
    line=$(PF_MUTATOR=1 PF_MUTATOR_ENGINE=$e out/bench/bin/mutator_speed corpus/codec "${QUICK:+1}")
    case $line in *mutate_us=*) ;; *) die "mutator_speed printed no measurement: $line";; esac
    echo "  engine share $e%: $line"
  done
fi

# --- time to kill on fixed mutants -------------------------------------------
# Per seed of SEED_LIST (libFuzzer's seed for a mutant is drawn from SEED
# and its id) and arm, one mutation run; its table is kept as
# mutants-<t>-<0|1>-<seed>.tsv. The summary reads every seed's table in
# PF_BENCH_OUT, so a later run with SEED_LIST="4" adds a seed.
for t in $TARGETS; do
  ids_var=KILL_IDS_$t
  ids=${!ids_var:-}
  [ -n "$ids" ] && [ -z "$QUICK" ] || continue
  for s in $SEED_LIST; do
    for m in 0 1; do
      make -s --no-print-directory "mutate-$t" MUTANT_IDS="$ids" MUTANT_TIME="$KILL_TIME" MUTATOR=$m SEED="$s" \
        > "$OUT/mutate-$t-$m-$s.log" 2>&1 || die "make mutate-$t failed (see $OUT/mutate-$t-$m-$s.log)"
      cp "out/mutate/$t/mutants.tsv" "$OUT/mutants-$t-$m-$s.tsv"
    done
  done
  echo
  echo "time to kill, $t, MUTANT_TIME=$KILL_TIME, runs of mutant and seed (fuzzing kills only):"
  for m in 0 1; do
    awk -F'\t' -v m=$m -v cap="$KILL_TIME" 'FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; f++; next }
      $col["phase"] == "replay" { replay++; next }
      { n++; if ($col["verdict"] == "property" || $col["verdict"] == "crash") { k++; v[k] = $col["seconds"] + 0 } }
      END { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        # survivors count as never: the median is over all n.
        med = "-"; if (n && k >= (n + 1) / 2) med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + (n / 2 + 1 <= k ? v[n / 2 + 1] : cap)) / 2
        kmed = "-"; if (k) kmed = (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
        printf "  MUTATOR=%s: %d of %d runs killed by fuzzing (%d seeds; %d killed by the corpus, not counted), median time to kill %s s (of the kills: %s s)\n", m, k, n, f, replay, med, kmed }' \
      "$OUT"/mutants-"$t"-$m-*.tsv
  done
done
echo
echo "results: $res"
