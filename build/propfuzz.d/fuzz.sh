# shellcheck shell=bash
# propfuzz fuzz <target>: libFuzzer on the target, then the statistics of
# the corpus it built and the triage of what it found (session.sh).
#   --time S (default: until Ctrl-C), --jobs N (N processes sharing the
#   work corpus; with --fork, libFuzzer's own -fork=N), --engine-args '...'
#   or -- FLAGS... (libFuzzer flags, after the command's own so they win).
# shellcheck source=session.sh
. "$PF_PARTS/session.sh"
# shellcheck source=triage.sh
. "$PF_PARTS/triage.sh"

pf_cmd_fuzz() {
  pf_target_arg
  [ ${#pf_rest[@]} -eq 0 ] || pf_die "unexpected argument '${pf_rest[0]}' (libFuzzer flags go after --)"
  local fuzzer; fuzzer=$(pf_need_bin fuzz) || exit 2
  pf_session_start
  pf_set_hints "$(pf_find_bin replay)"
  local args=(-artifact_prefix="$pf_findings/" -seed="$PF_SEED")
  [ ${#pf_dict_args[@]} -gt 0 ] && args+=(-dict="$pf_dict")
  [ -n "$pf_time" ] && args+=(-max_total_time="$pf_time")
  args+=("${pf_engine[@]}")
  pf_rc=0
  if [ "$pf_jobs" -gt 1 ] && [ "$pf_fork" = 1 ]; then
    # libFuzzer's own fork mode: short child runs, merged by the parent.
    args+=(-fork="$pf_jobs")
    pf_say "$fuzzer ${args[*]} $pf_work $pf_seeds"
    "$fuzzer" "${args[@]}" "$pf_work" "$pf_seeds" || pf_rc=$?
  elif [ "$pf_jobs" -gt 1 ]; then
    # JOBS independent fuzzers on one work corpus: each writes what it
    # finds there and reloads the others' inputs (-reload), as AFL++'s
    # instances sync through their output directory. No parent merges, so
    # every core fuzzes all the time (bench/engines.sh compares).
    local logs=$pf_work.logs i seed
    rm -rf "$logs" && mkdir -p "$logs"
    for i in $(seq 1 "$pf_jobs"); do
      # A fixed seed gives each worker its own (seed + i); 0 stays random.
      seed=()
      [ "$PF_SEED" != 0 ] && seed=(-seed="$((PF_SEED + i))")
      "$fuzzer" "${args[@]}" "${seed[@]}" "$pf_work" "$pf_seeds" > "$logs/worker-$i.log" 2>&1 &
      pf_pids+=($!)
    done
    pf_say "$pf_jobs workers of $fuzzer ${args[*]} $pf_work $pf_seeds (logs: $logs/)"
    pf_wait "${pf_pids[@]}"
    pf_pids=()
    for i in $(seq 1 "$pf_jobs"); do
      echo "worker $i: $(grep -E '^#[0-9]+' "$logs/worker-$i.log" | tail -1)"
      grep -E '^(==[0-9]+==|Falsifying|SUMMARY|Done )' "$logs/worker-$i.log" | head -5
    done
  else
    pf_say "$fuzzer ${args[*]} $pf_work $pf_seeds"
    "$fuzzer" "${args[@]}" "$pf_work" "$pf_seeds" || pf_rc=$?
  fi
  # libFuzzer ends an interrupted run with 72 (-interrupted_exitcode): that
  # is the user's Ctrl-C. The exit status says so even when the trap did
  # not run: bash runs no INT trap after a foreground child that caught
  # the signal and exited, unless the shell is in a loop.
  [ "${pf_rc:-0}" = 72 ] && pf_interrupted=1
  [ "$pf_interrupted" = 1 ] && pf_rc=0
  pf_session_stats "$pf_work"
  pf_session_end
}
