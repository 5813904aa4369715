#!/usr/bin/env bash
# Every target's speed under libFuzzer, side by side in one script:
# execs/s with its properties checked and with every check switched off
# (PF_CHECKS=none: decode, library calls and sanitizers only), their
# ratio, and peak RSS; with --against REV also the same target built from
# another revision (before/after a change), in alternating rounds.
#
#   bash bench/targets.sh [-t SECONDS] [-r ROUNDS] [--against REV] [TARGET...]
#
# Each run: libFuzzer -seed=1 for SECONDS on a fresh copy of the target's
# committed seeds (top-level files of corpus/<t>), -print_final_stats=1,
# and the target's own options (LIBFUZZER_OPTS_<t>, build/targets/<t>.mk;
# the current ones for a --against build too, so that only the code
# differs).
# Reported: the median over ROUNDS of stat::average_exec_per_sec, and the
# largest stat::peak_rss_mb. PF_BENCH_QUICK=1: 1 s, 1 round, codec only.
# Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=10 rounds=3 against= targets=()
while [ $# -gt 0 ]; do
  case $1 in
    -t) secs=$2; shift 2;;
    -r) rounds=$2; shift 2;;
    --against) against=$2; shift 2;;
    -*) echo "usage: bash bench/targets.sh [-t SECONDS] [-r ROUNDS] [--against REV] [TARGET...]" >&2; exit 2;;
    *) targets+=("$1"); shift;;
  esac
done
if [ "${PF_BENCH_QUICK:-}" = 1 ]; then secs=1 rounds=1; [ ${#targets[@]} -gt 0 ] || targets=(codec); fi
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls harness/*.c | xargs -n1 basename | sed 's/\.c$//')
work=out/bench/targets
rm -rf "$work" && mkdir -p "$work"

make -s -j2 "${targets[@]/#/out/libfuzzer/}" >&2
old=
if [ -n "$against" ]; then
  rev=$(git rev-parse --short "$against")
  old=out/bench/rev-$rev
  [ -d "$old" ] || git worktree add -q --detach "$old" "$rev" >&2
  for t in "${targets[@]}"; do
    [ -f "$old/harness/$t.c" ] && PF_CACHE=${PF_CACHE:-$PWD/out} make -s -C "$old" -j2 "out/libfuzzer/$t" >&2
  done
fi

# run BINARY TARGET LABEL [ENV...]: one timed run; prints "execs rss".
run() {
  local bin=$1 t=$2 label=$3; shift 3
  local dir=$work/$t-$label
  rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/seeds"
  find "corpus/$t" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$dir/seeds/" \;
  # shellcheck disable=SC2046
  env "$@" ASAN_OPTIONS=detect_leaks=0 PF_FINDINGS_DIR="$dir/findings" "$bin" -seed=1 \
    $(make -s --no-print-directory "print-LIBFUZZER_OPTS_$t") \
    -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$dir/" \
    "$dir/corpus" "$dir/seeds" > "$dir/log" 2>&1 || true
  awk '/^stat::average_exec_per_sec/{e=$2} /^stat::peak_rss_mb/{r=$2}
       END{print (e ? e : 0), (r ? r : 0)}' "$dir/log"
}

median() { sort -n | awk '{a[NR]=$1} END{print NR ? a[int((NR+1)/2)] : 0}'; }

echo "| target | execs/s | execs/s, checks off | checked/off | peak RSS MB |${old:+ execs/s at $against | now/before |}"
echo "|---|---|---|---|---|${old:+---|---|}"
for t in "${targets[@]}"; do
  on=() off=() before=() rss=0
  for _ in $(seq "$rounds"); do
    read -r e r < <(run "out/libfuzzer/$t" "$t" on); on+=("$e"); [ "$r" -gt "$rss" ] && rss=$r
    read -r e r < <(run "out/libfuzzer/$t" "$t" off PF_CHECKS=none); off+=("$e")
    if [ -n "$old" ] && [ -x "$old/out/libfuzzer/$t" ]; then
      read -r e r < <(run "$old/out/libfuzzer/$t" "$t" before); before+=("$e")
    fi
  done
  m_on=$(printf '%s\n' "${on[@]}" | median)
  m_off=$(printf '%s\n' "${off[@]}" | median)
  ratio=$(awk -v a="$m_on" -v b="$m_off" 'BEGIN{printf "%.2f", b ? a / b : 0}')
  line="| $t | $m_on | $m_off | $ratio | $rss |"
  if [ -n "$old" ]; then
    if [ ${#before[@]} -gt 0 ]; then
      m_b=$(printf '%s\n' "${before[@]}" | median)
      line+=" $m_b | $(awk -v a="$m_on" -v b="$m_b" 'BEGIN{printf "%.2f", b ? a / b : 0}') |"
    else
      line+=" - | - |"
    fi
  fi
  echo "$line"
done
echo "($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); ${secs} s x ${rounds} rounds, medians)"
