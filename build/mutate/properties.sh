#!/usr/bin/env bash
# Lists a target binary's properties, one a line, in the target's order
# (a property two modes share once):
# the runner names them when PF_CHECKS names one it does not have.
#   properties.sh <binary>
set -euo pipefail
# One empty input (a file: libFuzzer refuses /dev/null, not a directory).
empty=$(mktemp)
trap 'rm -f "$empty"' EXIT
msg=$(PF_CHECKS=pf-no-such-property "$1" "$empty" 2>&1 || true)
sed -n 's/.*(its properties: \([^;)]*\).*/\1/p' <<<"$msg" | tr ' ' '\n' | grep . | awk '!seen[$0]++'
