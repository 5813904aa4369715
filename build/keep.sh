#!/usr/bin/env bash
# Makes a finding a regression test: copies it into corpus/<target>/regress/
# named <property>-<hash>, with its report beside it; make test replays it.
#   build/keep.sh <file>
# TARGET=<t> when the file is not under out/findings/<t>/; KNOWN=1 keeps it
# under corpus/<t>/known/ as an expected failure (a library bug that stays);
# REGRESS_DIR=<dir> keeps it elsewhere (tests use a copy).
set -euo pipefail
f=${1:-}
cd "$(dirname "$0")/.."
[ -n "$f" ] || { echo "usage: make keep FILE=<finding> [TARGET=<t>] [KNOWN=1]" >&2; exit 2; }
[ -f "$f" ] || { echo "propfuzz: no such file: $f" >&2; exit 2; }
t=${TARGET:-}
if [ -z "$t" ]; then
  case $f in */findings/*/*) t=$(basename "$(dirname "$f")");; esac
fi
[ -n "$t" ] && [ -f "harness/$t.c" ] ||
  { echo "propfuzz: cannot tell the target of $f; say TARGET=<target>" >&2; exit 2; }
replay=${PF_REPLAY_BIN:-out/replay/$t}
[ -x "$replay" ] || make -s "$replay"
out=$("$replay" "$f" 2>&1 || true)
sig=$(printf '%s\n' "$out" | sed -n 's/^FAIL [^:]*: \(.*\)$/\1/p' | head -1)
[ -n "$sig" ] || { echo "propfuzz: $f passes now (fixed, or flaky?); nothing to keep" >&2; exit 1; }
case $sig in
  property=*) name=${sig#property=};;
  *) name=crash;;
esac
hash=$(sha1sum "$f" | cut -c1-10)
if [ "${KNOWN:-}" = 1 ]; then dir=${REGRESS_DIR:-corpus/$t/known}; else dir=${REGRESS_DIR:-corpus/$t/regress}; fi
mkdir -p "$dir"
dest=$dir/$name-$hash
cp "$f" "$dest"
printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed' > "$dest.report.txt"
[ "${KNOWN:-}" = 1 ] && echo "$name" > "$dest.expect"
echo "kept $dest ($sig); make test replays it"
