#!/usr/bin/env bash
# Triages findings of a target: checks each reproduces (else marks it
# flaky), minimises it with libFuzzer keeping the same failure, and writes
# the report beside it.   build/triage.sh <target> <finding>...
set -uo pipefail
t=$1; shift
cd "$(dirname "$0")/.."
# Replays and minimisation re-fail on purpose: they must not save findings.
unset PF_FINDINGS_DIR
replay=${PF_REPLAY_BIN:-out/replay/$t}
fuzzer=${PF_LIBFUZZER_BIN:-out/libfuzzer/$t}
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
  # Byte minimisation, then a check that it is still the same failure.
  min=$f.min
  "$fuzzer" -minimize_crash=1 -max_total_time=20 \
    -exact_artifact_path="$min" "$f" > "$f.minimize.log" 2>&1
  if [ ! -s "$min" ] || [ "$(signature "$min")" != "$sig" ]; then
    cp "$f" "$min"   # minimising changed the failure: keep the original
  fi
  "$replay" "$min" > "$min.report.txt" 2>&1
  rm -f "$f.minimize.log"
  printf 'FOUND  %s  %s  (%s bytes, minimised from %s)\n' "$sig" "$min" \
    "$(stat -c %s "$min")" "$(stat -c %s "$f")"
  echo "       report: $min.report.txt   keep it: make keep FILE=$min"
done
