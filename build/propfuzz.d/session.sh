# shellcheck shell=bash
# A fuzzing session, shared by `propfuzz fuzz` (libFuzzer) and `propfuzz
# afl`: the seeds, the environment the target reads, Ctrl-C, the
# statistics at the end, the triage of new findings and the exit status.
#
# Exit status of a session: 0 when it ended (its --time, or Ctrl-C) and
# found nothing new, or was stopped with Ctrl-C (what it found is triaged
# and listed first); 1 when it ended by itself with new findings (the
# FOUND lines say where they are), or the engine failed; 2 misuse; 130
# when interrupted again during triage.

# pf_session_start: paths, binaries' environment, seeds; sets pf_seeds.
pf_session_start() {
  pf_default_paths
  pf_check_corpora
  pf_profile
  # The dictionary first: misuse is reported before anything is written.
  pf_dict_args=()
  pf_dict_file && pf_dict_args=(1)
  mkdir -p "$pf_findings" "$pf_work" || pf_die "cannot create $pf_findings or $pf_work"
  # Seeds are the corpus's top-level files: regress/ and known/ hold
  # inputs that fail on purpose, and an engine would stop on them at
  # start-up. No corpus is fine: the engine starts from one empty input.
  pf_seeds=$pf_work.seeds
  rm -rf "$pf_seeds" && mkdir -p "$pf_seeds"
  local c
  for c in "${pf_corpora[@]}"; do
    if [ -d "$c" ]; then
      find "$c" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' ! -name '.*' -exec cp {} "$pf_seeds/" \;
    elif [ -f "$c" ]; then
      cp "$c" "$pf_seeds/"
    fi
  done
  if [ -z "$(ls -A "$pf_seeds")" ]; then
    printf '\0' > "$pf_seeds/empty"
    pf_say "no seeds in ${pf_corpora[*]}: starting from one empty input (seeds are recommended: propfuzz seeds $pf_t)"
  fi
  # The harness saves a failing input here before anything else.
  export PF_FINDINGS_DIR=$pf_findings
  [ "$pf_keep_going" = 1 ] && export PF_KEEP_GOING=1
  # Known failures stop nothing: the corpus's known/ (*.expect) by default.
  if [ -z "$pf_known" ]; then
    for c in "${pf_corpora[@]}"; do
      [ -d "$c/known" ] && pf_known=${pf_known:+$pf_known:}$c/known
    done
  fi
  [ -n "$pf_known" ] && export PF_KNOWN=$pf_known
  # Rate metrics: every process of the run appends its trials to
  # $PF_STATS_DIR/rates.tsv under one run id (only when PF_STATS_DIR is set).
  if [ -n "${PF_STATS_DIR:-}" ]; then
    mkdir -p "$PF_STATS_DIR"
    export PF_STATS_DIR PF_RUN_ID=${PF_RUN_ID:-$(date -u +%Y%m%dT%H%M%SZ)-$$} PF_STATS_SOURCE=fuzz
  fi
  pf_stamp=$(mktemp)
  pf_interrupted=0 pf_phase=fuzz pf_pids=()
  # Ctrl-C reaches the engine (same process group) and ends its run; this
  # shell stays to print the statistics and triage what was found. Again
  # during triage, it stops.
  trap pf_on_interrupt INT
}

pf_on_interrupt() {
  if [ "$pf_phase" = triage ]; then
    echo "propfuzz: interrupted during triage; the findings are in $pf_findings/ (propfuzz triage $pf_t FILE...)" >&2
    exit 130
  fi
  pf_interrupted=1
  [ ${#pf_pids[@]} -gt 0 ] && kill -INT "${pf_pids[@]}" 2>/dev/null
  return 0
}

# pf_wait PID...: waits for each (again when Ctrl-C interrupts the wait);
# pf_rc is the last non-zero status.
pf_wait() {
  local p s
  for p in "$@"; do
    while :; do
      wait "$p"; s=$?
      kill -0 "$p" 2>/dev/null || break
    done
    [ "$s" = 0 ] || pf_rc=$s
  done
}

# pf_session_stats QUEUE...: per property, how many inputs of the corpus
# the run built checked it, skipped it or discarded it (30 s at most).
pf_session_stats() {
  pf_phase=stats
  local replay; replay=$(pf_find_bin replay)
  if [ -z "$replay" ]; then
    pf_say "no replay binary for $pf_t: no statistics and no triage (build it or pass --replay-bin)"
    return
  fi
  [ -n "$(ls -A "$1" 2>/dev/null)" ] || return 0
  pf_say "statistics of the corpus the run built ($*):"
  PF_STATS=/dev/stdout PF_STATS_SECONDS=${PF_STATS_SECONDS:-30} ASAN_OPTIONS=detect_leaks=0 \
    PF_STATS_SOURCE=replay PF_FINDINGS_DIR= "$replay" -allow_empty "$@" 2>/dev/null | sed 's/^/  /'
}

# pf_session_end: triages the findings newer than the start, and exits.
pf_session_end() {
  local new=()
  mapfile -t new < <(find "$pf_findings" -maxdepth 1 -type f -newer "$pf_stamp" \
    ! -name '*.txt' ! -name '*.min' ! -name '*.flaky' ! -name '*.expect' | sort)
  rm -f "$pf_stamp"
  local how="ended"
  [ "$pf_interrupted" = 1 ] && how="stopped (Ctrl-C)"
  if [ ${#new[@]} -eq 0 ]; then
    if [ "$pf_interrupted" = 0 ] && [ "${pf_rc:-0}" != 0 ]; then
      pf_say "the engine exited with status $pf_rc and saved nothing; see its output above"
      exit 1
    fi
    pf_say "run $how; nothing new found"
    exit 0
  fi
  pf_say "${#new[@]} new finding(s) in $pf_findings/; triaging them (Ctrl-C stops it)"
  pf_phase=triage
  # The shrinker's candidates are not a population to measure. A slow
  # target gets the profile's longer shrinking time.
  case " ${PF_SLOW_TARGETS:-} " in *" $pf_t "*) : "${pf_triage_time:=$PF_SLOW_SHRINK_TIME}";; esac
  PF_STATS_DIR= pf_triage "${new[@]}"
  pf_say "run $how; found ${#new[@]} new failing input(s): see the FOUND lines above"
  [ "$pf_interrupted" = 1 ] && exit 0
  exit 1
}
