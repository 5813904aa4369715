#!/usr/bin/env bash
# The unmutated side of a mutation campaign, under $PF_MUTATE_OUT/base:
#   lib/<lib>/   the library built by its build script (build/lib-<lib>.sh,
#                or compdb.sh's from a compilation database), every compiler
#                command recorded (cc/<lib>/) so a mutant rebuilds only
#                the objects its file goes into
#   obj/h<i>-*.o, bin       the target (harness/<t>.c, harness/<t>/*.c),
#                           linked with those objects
#   cov/         the same with coverage instrumentation, run over corpus/
#   corpus/      the replay set: the target's seeds and regress/ inputs
#   sites.tsv    every mutation site (pf-mutgen), covered.tsv the ones on
#                lines the corpus executes, deps.tsv which command reads
#                which file, roots.txt the directories a mutant copies
#   properties.txt  the target's properties
# Rebuilt only when its inputs change (.fingerprint). Called by run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
top=$(cd "$here/../.." && pwd)
out=$PF_MUTATE_OUT base=$PF_MUTATE_OUT/base
cache=$(realpath -m "${PF_CACHE:-$top/out}")
# The project the harness belongs to (its paths are relative to it) and
# propfuzz's public headers: this checkout's, unless propfuzz mutate runs
# on another project's library (build/propfuzz.d/mutate.sh).
project=${PF_MUTATE_PROJECT:-$top}
inc=${PF_MUTATE_INCLUDE:-$top/include}

fingerprint() {
  {
    printf '%s\n' "$CC" "$PF_MUTATE_LIBFLAGS" "$PF_MUTATE_HFLAGS" "$PF_MUTATE_LINKFLAGS" \
      "$PF_MUTATE_COV_LIBFLAGS" "$PF_MUTATE_COV_HFLAGS" "$PF_MUTATE_LIBS" "${PF_MUTATE_LDLIBS:-}" \
      "${PF_MUTATE_ONLY:-}"
    # shellcheck disable=SC2086
    cat $PF_MUTATE_HARNESS "$inc"/*.h "$here"/*.sh "$here"/*.[ch]
    # propfuzz itself: its source in a checkout, else the installed archives.
    if [ -d "$top/properties" ]; then
      cat "$top"/properties/*/*.[ch] "$top/build/fetch-source.sh"
    else
      cat "$PF_PROPFUZZ_A" "$PF_PROPFUZZ_COV_A"
    fi
    for l in $PF_MUTATE_LIBS; do cat "$PF_MUTATE_LIB_SCRIPTS/lib-$l.sh"; done
    find "$PF_MUTATE_CORPUS" -maxdepth 2 -type f ! -name '*.txt' ! -name '*.expect' \
      ! -path '*/known/*' -print0 | sort -z | xargs -0 sha1sum
  } | sha1sum | cut -c1-16
}
print=$(fingerprint)
if [ -f "$base/.ready" ] && [ "$(cat "$base/.fingerprint" 2>/dev/null)" = "$print" ]; then
  exit 0
fi
echo "propfuzz: building the unmutated target and its mutation sites in $base"
rm -rf "$base" && mkdir -p "$base/obj" "$base/cc" "$base/cov/raw"

# --- the library (commands recorded) and the target ---------------------
incs=() covincs=() archives=() covarchives=()
for l in $PF_MUTATE_LIBS; do
  PF_CC_LOG=$base/cc/$l PF_REAL_CC=$CC "$PF_MUTATE_LIB_SCRIPTS/lib-$l.sh" \
    "$base/lib/$l" "$here/cc-log.sh" $PF_MUTATE_LIBFLAGS > "$base/lib-$l.log" 2>&1 ||
    { tail -n 20 "$base/lib-$l.log" >&2; mt_die "building $l failed (log: $base/lib-$l.log)"; }
  "$PF_MUTATE_LIB_SCRIPTS/lib-$l.sh" "$base/cov/lib/$l" "$CC" $PF_MUTATE_COV_LIBFLAGS \
    > "$base/cov/lib-$l.log" 2>&1 || mt_die "building $l for coverage failed"
  # A library's headers are system headers (as in the Makefile).
  incs+=(-isystem "$base/lib/$l/include") covincs+=(-isystem "$base/cov/lib/$l/include")
  archives+=("$base/lib/$l"/*.a) covarchives+=("$base/cov/lib/$l"/*.a)
done
cd "$project"
# The harness (harness/<t>.c and harness/<t>/*.c): one object each, h<i>-<name>.o.
harness_objs=() i=0
for h in $PF_MUTATE_HARNESS; do
  o=$base/obj/h$i-$(basename "${h%.c}").o i=$((i + 1))
  # shellcheck disable=SC2086
  PF_CC_LOG=$base/cc/harness PF_REAL_CC=$CC "$here/cc-log.sh" $PF_MUTATE_HFLAGS -I"$inc" \
    "${incs[@]}" -c "$h" -o "$o"
  harness_objs+=("$o")
done
printf '%s\n' "${harness_objs[@]}" > "$base/harness-objects.txt"
# shellcheck disable=SC2086
$CC $PF_MUTATE_LINKFLAGS "${harness_objs[@]}" "$PF_PROPFUZZ_A" "${archives[@]}" \
  ${PF_MUTATE_LDLIBS:-} -lm -o "$base/bin"
# shellcheck disable=SC2086
$CC $PF_MUTATE_COV_HFLAGS -I"$inc" "${covincs[@]}" $PF_MUTATE_HARNESS "$PF_REPLAY_MAIN_COV_O" \
  "$PF_PROPFUZZ_COV_A" "${covarchives[@]}" ${PF_MUTATE_LDLIBS:-} -lm -o "$base/cov/bin"

# --- the replay set -------------------------------------------------------
mkdir -p "$base/corpus"
find "$PF_MUTATE_CORPUS" -maxdepth 1 -type f ! -name '*.txt' ! -name '*.expect' \
  -exec cp {} "$base/corpus/" \;
if [ -d "$PF_MUTATE_CORPUS/regress" ]; then
  for f in "$PF_MUTATE_CORPUS"/regress/*; do
    case $f in *.txt|*.expect) continue;; esac
    [ -f "$f" ] && cp "$f" "$base/corpus/regress-$(basename "$f")"
  done
fi
[ -n "$(ls -A "$base/corpus")" ] || mt_die "$PF_MUTATE_CORPUS has no inputs to replay"

# --- the target must pass its own corpus, and know PF_CHECKS ---------------
# shellcheck disable=SC2086
"$base/bin" -runs=0 -timeout="$PF_MUTANT_INPUT_TIMEOUT" "$base/corpus" > "$base/replay.log" 2>&1 ||
  mt_die "the unmutated target fails its own corpus (see $base/replay.log); fix that first"
if PF_CHECKS=pf-no-such-property "$base/bin" -runs=0 "$base/corpus" > "$base/checks.log" 2>&1; then
  mt_die "$PF_MUTATE_HARNESS does not honour PF_CHECKS (the crash-only baseline needs it)"
fi
"$here/properties.sh" "$base/bin" > "$base/properties.txt" ||
  mt_die "cannot list the properties of $PF_MUTATE_HARNESS"

# --- coverage of the replay set ------------------------------------------
LLVM_PROFILE_FILE="$base/cov/raw/%p.profraw" "$base/cov/bin" "$base/corpus" > "$base/cov/replay.log" 2>&1 || true
llvm-profdata merge -sparse "$base"/cov/raw/*.profraw -o "$base/cov/merged.profdata"
llvm-cov export -format=lcov "$base/cov/bin" -instr-profile="$base/cov/merged.profdata" \
  > "$base/cov/coverage.lcov"
# Covered lines ("real path<TAB>line"), with the coverage build's copy of a
# header mapped to the mutated build's.
awk -v from="$(realpath -m "$base/cov/lib")/" -v to="$(realpath -m "$base/lib")/" '
  /^SF:/ { f = substr($0, 4); if (index(f, from) == 1) f = to substr(f, length(from) + 1) }
  /^DA:/ { split(substr($0, 4), d, ","); if (d[2] > 0) print f "\t" d[1] }' \
  "$base/cov/coverage.lcov" | sort -u > "$base/covered-lines.raw"
# Real paths, as sites.tsv has them (a source tree reached through a
# symbolic link would otherwise match no site).
cut -f1 "$base/covered-lines.raw" | sort -u | while read -r f; do
  printf '%s\t%s\n' "$f" "$(realpath -m "$f")"
done > "$base/covered-files.tsv"
awk -F'\t' -v OFS='\t' 'NR == FNR { real[$1] = $2; next } { print real[$1], $2 }' \
  "$base/covered-files.tsv" "$base/covered-lines.raw" | sort -u > "$base/covered-lines.tsv"
rm -f "$base/covered-lines.raw" "$base/covered-files.tsv"

"$here/sites.sh" "$base" "$cache" "$project"
echo "$print" > "$base/.fingerprint"
touch "$base/.ready"
