# shellcheck shell=bash
# propfuzz triage <target> FILE...: checks that each finding reproduces
# (else marks it FLAKY, kept), shrinks it to its smallest value with the
# structural shrinker (falling back to libFuzzer's -minimize_crash), keeping
# the same failure, and writes FILE.min and FILE.min.report.txt beside it.
# `propfuzz fuzz` and `propfuzz afl` run it on what a session found.

pf_cmd_triage() {
  pf_target_arg
  [ ${#pf_rest[@]} -gt 0 ] || pf_die "usage: propfuzz triage <target> FILE... [--replay-bin PATH]"
  local f
  for f in "${pf_rest[@]}"; do [ -f "$f" ] || pf_die "no such file: $f"; done
  pf_profile
  pf_phase=triage
  pf_triage "${pf_rest[@]}"
}

# The failure's signature: "property=<name> ...", or the crash kind.
pf__signature() {
  PF_FINDINGS_DIR= "$pf_replay" "$1" 2>/dev/null | sed -n 's/^FAIL [^:]*: \(.*\)$/\1/p' | head -1
}

pf_triage() {
  pf_replay=$(pf_need_bin replay) || exit 2
  local fuzzer shrinker
  fuzzer=$(pf_find_bin fuzz) shrinker=$(pf_find_bin shrink)
  [ -n "$shrinker" ] || pf_say "no shrink binary for $pf_t: minimising bytes only (build it or pass --shrink-bin)"
  pf_set_hints "$pf_replay"
  local keep_hint=${PF_KEEP_HINT}
  # The engine's artifact (crash-<sha1>) and propfuzz's <property>-<hash>
  # are usually the same bytes: triage each content once, preferring the
  # readable name.
  local -A seen=()
  local ordered=() f sum sig again min log
  mapfile -t ordered < <(printf '%s\n' "$@" | awk -F/ '{print ($NF ~ /^crash-/), $0}' | sort | cut -d' ' -f2-)
  for f in "${ordered[@]}"; do
    sum=$(sha1sum "$f" | cut -d' ' -f1)
    if [ -n "${seen[$sum]:-}" ]; then
      echo "SAME   $f is ${seen[$sum]}"
      continue
    fi
    seen[$sum]=$f
    sig=$(pf__signature "$f")
    if [ -z "$sig" ]; then
      echo "FLAKY  $f: passes when replayed (kept; see $f.flaky)"
      echo "did not fail when replayed by $pf_replay" > "$f.flaky"
      continue
    fi
    again=0
    for _ in 1 2; do [ "$(pf__signature "$f")" = "$sig" ] && again=$((again + 1)); done
    if [ $again -lt 2 ]; then
      echo "FLAKY  $f: $sig in some replays only"
      echo "failed with $sig in some replays only" > "$f.flaky"
    fi
    # Shrink the value; if that fails, minimise the bytes; either way the
    # result must still fail the same way, else the original is kept.
    min=$f.min log=$f.shrink.log
    rm -f "$min"
    if [ -n "$shrinker" ]; then
      PF_FINDINGS_DIR= ASAN_OPTIONS=detect_leaks=0 "$shrinker" -max_time="${pf_triage_time:-${PF_SHRINK_TIME:-30}}" \
        -out="$min" "$f" > "$log" 2>&1
    fi
    if [ -n "$fuzzer" ] && { [ ! -s "$min" ] || [ "$(pf__signature "$min")" != "$sig" ]; }; then
      PF_FINDINGS_DIR= "$fuzzer" -minimize_crash=1 -max_total_time=20 -exact_artifact_path="$min" "$f" \
        > "$log" 2>&1
    fi
    if [ ! -s "$min" ] || [ "$(pf__signature "$min")" != "$sig" ]; then
      cp "$f" "$min"
    fi
    rm -f "$log"
    PF_FINDINGS_DIR= "$pf_replay" "$min" > "$min.report.txt" 2>&1
    printf 'FOUND  %s  %s  (%s bytes, shrunk from %s)\n' "$sig" "$min" \
      "$(stat -c %s "$min")" "$(stat -c %s "$f")"
    echo "       report: $min.report.txt   keep it: $keep_hint $min"
  done
}
