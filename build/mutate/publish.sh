#!/usr/bin/env bash
# make mutate-publish-<target>: a finished campaign becomes a published one.
# Its summary.json, report.md and mutants.tsv are copied into the target's
# directory under bench/mutation/, which README.md's table is generated from
# (make mutate-readme): the scores a reader sees come from a campaign's own
# files, with its date, revision and settings, never typed.
#   publish.sh <campaign dir> <published dir>
set -euo pipefail
from=${1:?usage: publish.sh <campaign dir> <published dir>} to=${2:?usage: publish.sh <campaign dir> <published dir>}
for f in summary.json report.md mutants.tsv; do
  [ -f "$from/$f" ] || { echo "propfuzz: no finished campaign in $from (no $f): run make mutate-<target> first" >&2; exit 2; }
done
left=$(sed -n 's/^  "not_run": \([0-9]*\),$/\1/p' "$from/summary.json")
[ "${left:-0}" = 0 ] || { echo "propfuzz: the campaign in $from has $left mutants not run: finish it (run it again: it resumes) before publishing" >&2; exit 2; }
mkdir -p "$to"
cp "$from/summary.json" "$from/report.md" "$from/mutants.tsv" "$to/"
echo "propfuzz: published $from in $to; make mutate-readme regenerates README.md's table"
