#!/usr/bin/env bash
# Stands in for the compiler while build/mutate/base.sh builds a library:
# records each command (its directory and arguments, shell-quoted, one
# file per command in $PF_CC_LOG) so that a mutant rebuilds exactly the
# objects its file goes into, with exactly the flags the library's build
# script used. Then runs the real compiler ($PF_REAL_CC).
set -euo pipefail
mkdir -p "$PF_CC_LOG"
printf '%q ' "$PWD" "$PF_REAL_CC" "$@" > "$PF_CC_LOG/$(date +%s%N).$$"
exec "$PF_REAL_CC" "$@"
