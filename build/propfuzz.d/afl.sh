# shellcheck shell=bash
# propfuzz afl <target>: AFL++ persistent mode with a CmpLog binary (-c),
# the dictionary (-x), the seeds (-i), --time as -V, --jobs N as N
# secondary (-S) instances (--deterministic: the first is -M), then the
# statistics and the triage of what it found (session.sh). Binaries: the
# afl and afl-cmplog kinds (no CmpLog binary: runs without -c, said once).
# PF_MUTATOR=1 (as for libFuzzer) loads the structure-aware mutator as
# AFL++'s custom mutator: DIR/afl-mutator/<target>.so, DIR/<target>-afl-
# mutator.so or --afl-mutator-bin (none: runs without it, said once);
# AFL_CUSTOM_MUTATOR_ONLY stays unset, so afl-fuzz's havoc still runs.
# shellcheck source=session.sh
. "$PF_PARTS/session.sh"
# shellcheck source=triage.sh
. "$PF_PARTS/triage.sh"

pf_mutator_so() { # -> the target's AFL++ mutator, or nothing
  local d c
  if [ -n "${pf_bin[afl-mutator]:-}" ]; then
    [ -f "${pf_bin[afl-mutator]}" ] ||
      pf_die "--afl-mutator-bin ${pf_bin[afl-mutator]} is not a file; build it (make out/afl-mutator/$pf_t.so) or fix the path"
    echo "${pf_bin[afl-mutator]}"; return
  fi
  for d in "${pf_bin_dirs[@]:-.}" build; do
    for c in "${d%/}/afl-mutator/$pf_t.so" "${d%/}/$pf_t-afl-mutator.so"; do
      [ -f "$c" ] && { echo "$c"; return; }
    done
  done
  return 0
}

pf_cmd_afl() {
  pf_target_arg
  [ ${#pf_rest[@]} -eq 0 ] || pf_die "unexpected argument '${pf_rest[0]}' (afl-fuzz flags go after --)"
  command -v afl-fuzz >/dev/null || pf_die "afl-fuzz is not installed (Debian: apt-get install afl++)"
  local afl cmplog
  afl=$(pf_need_bin afl) || exit 2
  cmplog=$(pf_find_bin afl-cmplog)
  local mutator=0 so=
  case ${PF_MUTATOR:-0} in ''|0) ;; *) mutator=1 so=$(pf_mutator_so) || exit 2 ;; esac
  pf_session_start
  pf_set_hints "$(pf_find_bin replay)"
  local out=${pf_afl_out:-$pf_work.afl}
  mkdir -p "$out"
  export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
         AFL_SKIP_CRASHES=1 AFL_AUTORESUME=1 AFL_NO_AFFINITY=1 \
         ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
         UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0
  if [ -n "$so" ]; then
    export AFL_CUSTOM_MUTATOR_LIBRARY; AFL_CUSTOM_MUTATOR_LIBRARY=$(realpath "$so")
    # afl-fuzz does not hand its -x dictionary to a custom mutator.
    [ ${#pf_dict_args[@]} -gt 0 ] && export PF_DICT=$pf_dict
    pf_say "PF_MUTATOR=1: structure-aware mutator $so beside afl-fuzz's havoc"
  elif [ "$mutator" = 1 ]; then
    pf_say "PF_MUTATOR=1 but no AFL++ mutator for $pf_t (make out/afl-mutator/$pf_t.so or --afl-mutator-bin): running without it"
  fi
  local common=(-i "$pf_seeds" -o "$out") i
  [ ${#pf_dict_args[@]} -gt 0 ] && common+=(-x "$pf_dict")
  [ -n "$pf_time" ] && common+=(-V "$pf_time")
  for i in $(seq 2 "$pf_jobs"); do
    afl-fuzz "${common[@]}" -S "s$i" -- "$afl" > "$out/s$i.log" 2>&1 &
    pf_pids+=($!)
  done
  local cmp=()
  if [ -n "$cmplog" ]; then cmp=(-c "$cmplog")
  else pf_say "no afl-cmplog binary for $pf_t: running without CmpLog (build one or pass --afl-cmplog-bin)"; fi
  # Every instance is a secondary (-S): a main (-M) spends its time in the
  # deterministic stages, so one -M beside -S instances is not like with
  # like (bench/engines.sh). --deterministic makes the first one -M.
  local role=-S
  [ "$pf_deterministic" = 1 ] && role=-M
  pf_say "afl-fuzz ${common[*]} $role main ${cmp[*]} ${pf_engine[*]} -- $afl"
  pf_rc=0
  afl-fuzz "${common[@]}" "$role" main "${cmp[@]}" "${pf_engine[@]}" -- "$afl" \
    > "$out/main.log" 2>&1 || pf_rc=$?
  if [ ${#pf_pids[@]} -gt 0 ]; then
    kill -INT "${pf_pids[@]}" 2>/dev/null
    pf_wait "${pf_pids[@]}"
    pf_pids=()
  fi
  [ "$pf_interrupted" = 1 ] && pf_rc=0
  # afl-fuzz 4.04c can leave its CmpLog fork server behind (stopped); it
  # holds the output directory's lock and the next run refuses to start.
  # Only this run's: same process group as this shell.
  if [ -n "$cmplog" ]; then
    local pg; pg=$(ps -o pgid= -p $$ | tr -d ' ')
    ps -e -o pid=,pgid=,args= | awk -v g="$pg" -v b="$cmplog" '$2 == g && $3 == b {print $1}' |
      xargs -r kill -KILL 2>/dev/null
  fi
  tail -n 3 "$out/main.log"
  local d f c
  for d in "$out"/*/; do
    f=$d/fuzzer_stats
    [ -f "$f" ] || continue
    awk -v n="$(basename "$d")" -F' *: ' '
      /^execs_done/{e=$2} /^execs_per_sec/{s=$2} /^corpus_count/{c=$2}
      /^saved_crashes/{x=$2} /^bitmap_cvg/{b=$2}
      END{printf "afl %-6s execs %s  execs/s %s  corpus %s  crashes %s  coverage %s\n", n, e, s, c, x, b}' "$f"
  done
  # AFL's own crash files join the findings, so a sanitizer crash that
  # never reached pf_fail is not lost.
  for c in "$out"/*/crashes/id:*; do
    [ -f "$c" ] || continue
    cp -n "$c" "$pf_findings/afl-crash-$(sha1sum "$c" | cut -c1-12)"
  done
  pf_session_stats "$out"/*/queue
  pf_session_end
}
