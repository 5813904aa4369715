#!/usr/bin/env bash
# Triages findings of a target: checks each reproduces (else marks it
# flaky), shrinks it to its smallest value with the structural shrinker
# (falling back to libFuzzer's byte minimiser), keeping the same failure,
# and writes the report beside it.   build/triage.sh <target> <finding>...
set -uo pipefail
t=$1; shift
cd "$(dirname "$0")/.."
# Replays and minimisation re-fail on purpose: they must not save findings.
unset PF_FINDINGS_DIR
replay=${PF_REPLAY_BIN:-out/replay/$t}
fuzzer=${PF_LIBFUZZER_BIN:-out/libfuzzer/$t}
shrinker=${PF_SHRINK_BIN:-out/shrink/$t}
[ -x "$shrinker" ] || make -s "$shrinker" >&2 || true
[ -x "$replay" ] || make -s "$replay" >&2 || exit 1

# The failure's signature: "property=<name>", or the crash kind.
signature() {
  "$replay" "$1" 2>/dev/null | sed -n 's/^FAIL [^:]*: \(.*\)$/\1/p' | head -1
}

# The engine's artifact (crash-<sha1>) and propfuzz's <property>-<hash>
# are usually the same bytes: triage each content once, preferring the
# readable name.
declare -A seen=()
mapfile -t ordered < <(printf '%s\n' "$@" | awk -F/ '{print ($NF ~ /^crash-/), $0}' | sort | cut -d' ' -f2-)
for f in "${ordered[@]}"; do
  sum=$(sha1sum "$f" | cut -d' ' -f1)
  if [ -n "${seen[$sum]:-}" ]; then
    echo "SAME   $f is ${seen[$sum]}"
    continue
  fi
  seen[$sum]=$f
  sig=$(signature "$f")
  if [ -z "$sig" ]; then
    echo "FLAKY  $f: passes when replayed (kept; see $f.flaky)"
    echo "did not fail when replayed by $replay" > "$f.flaky"
    continue
  fi
  again=0
  for _ in 1 2; do [ "$(signature "$f")" = "$sig" ] && again=$((again + 1)); done
  if [ $again -lt 2 ]; then
    echo "FLAKY  $f: $sig in some replays only"
    echo "failed with $sig in some replays only" > "$f.flaky"
  fi
  # Shrink the value; if that fails, minimise the bytes; either way the
  # result must still fail the same way, else the original is kept.
  min=$f.min
  rm -f "$min"
  if [ -x "$shrinker" ]; then
    ASAN_OPTIONS=detect_leaks=0 "$shrinker" -max_time="${PF_SHRINK_TIME:-30}" "$f" > "$f.shrink.log" 2>&1
  fi
  if [ ! -s "$min" ] || [ "$(signature "$min")" != "$sig" ]; then
    "$fuzzer" -minimize_crash=1 -max_total_time=20 -exact_artifact_path="$min" "$f" \
      > "$f.shrink.log" 2>&1
  fi
  if [ ! -s "$min" ] || [ "$(signature "$min")" != "$sig" ]; then
    cp "$f" "$min"
  fi
  rm -f "$f.shrink.log"
  "$replay" "$min" > "$min.report.txt" 2>&1
  printf 'FOUND  %s  %s  (%s bytes, shrunk from %s)\n' "$sig" "$min" \
    "$(stat -c %s "$min")" "$(stat -c %s "$f")"
  echo "       report: $min.report.txt   keep it: make keep FILE=$min"
done
