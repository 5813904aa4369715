#!/usr/bin/env bash
# Mutation sites of a base build (see base.sh): every recorded library
# command is parsed by pf-mutgen. Writes, under <base>:
#   entries.tsv  name, library, object, source of each recorded command
#   deps.tsv     name<TAB>file it reads (the harness's command included)
#   roots.txt    directories a mutated file's copy is made of (the -I
#                directories and source directories, longest first)
#   file-roots.tsv  the one each file's mutants copy
#   sites.tsv    every site, once (columns: see build/mutate/mutgen_emit.c)
#   covered.tsv  the sites whose line the replay set executes
#   uncovered.tsv the others
#   usage: sites.sh <base> <source cache> <repository top>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
base=$1 cache=$2 top=$3
gen=${PF_MUTGEN:-$top/out/mutate/tool/pf-mutgen}
: > "$base/entries.tsv"; : > "$base/deps.tsv"; : > "$base/sites.raw"; : > "$base/roots.raw"

# The root a source file is shown under: its Debian source tree
# (<package>-<version>/...), else its directory in the repository.
# The source cache's real path: a symlinked out/src must not change how a
# file is shown, which would change every mutant id of it.
srcs=$(realpath -m "$cache/src")
source_root() {
  local src; src=$(realpath "$1")
  case $src in
    "$srcs"/*) local rest=${src#"$srcs"/}; echo "$srcs/${rest%%/*}=${rest%%/*}" ;;
    "$top"/*) local d; d=$(dirname "$src"); echo "$d=${d#"$top"/}" ;;
    *) local d; d=$(dirname "$src"); echo "$d=$(basename "$d")" ;;
  esac
}

for f in "$base"/cc/*/*; do
  name=${f#"$base"/cc/} lib=${name%%/*}
  mt_read_entry "$f"
  [ -n "$ENTRY_SRC" ] && [ -n "$ENTRY_OBJ" ] || continue
  src=$(mt_abs "$ENTRY_DIR" "$ENTRY_SRC") obj=$(mt_abs "$ENTRY_DIR" "$ENTRY_OBJ")
  [ -f "$src" ] || continue   # a configure script's test program, gone since
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$lib" "$obj" "$src" "$(realpath "$src")" >> "$base/entries.tsv"
  (cd "$ENTRY_DIR" && "$gen" deps -- "${ENTRY_ARGS[@]:1}") | sed "s|^|$name\t|" >> "$base/deps.tsv"
  dirname "$(realpath "$src")" >> "$base/roots.raw"
  prev=
  for a in "${ENTRY_ARGS[@]:1}"; do
    case $prev in -I|-iquote|-isystem) realpath -m "$(mt_abs "$ENTRY_DIR" "$a")" >> "$base/roots.raw" ;; esac
    case $a in -I?*) realpath -m "$(mt_abs "$ENTRY_DIR" "${a#-I}")" >> "$base/roots.raw" ;; esac
    prev=$a
  done
  [ "$lib" = harness ] && continue
  roots=(--root "$(source_root "$src")" --root "$(realpath "$base/lib/$lib")=$lib")
  (cd "$ENTRY_DIR" && "$gen" sites "${roots[@]}" -- "${ENTRY_ARGS[@]:1}") >> "$base/sites.raw" ||
    mt_die "pf-mutgen cannot parse $src"
done
# A root holding the campaign's own directory (a project's top as -I.)
# cannot be copied into it.
awk '{ print length($0) "\t" $0 }' "$base/roots.raw" | sort -rn | cut -f2- |
  awk -v out="$(realpath -m "${PF_MUTATE_OUT:-$base/..}")/" '!s[$0]++ && index(out, $0 "/") != 1' > "$base/roots.txt"
# A header's sites come once per unit that includes it: keep one.
awk -F'\t' '!seen[$13 "\t" $5 "\t" $6 "\t" $9]++ && !id[$1]++' "$base/sites.raw" > "$base/sites.tsv"
# propfuzz's own code compiled into a library (json-c's adapter, linked
# into it by build/lib-jsonc_iso.sh) is not the library: no sites in it.
own=$(realpath -m "$here/../..")
awk -F'\t' -v own="$own/" '{ f = $13; d = substr(f, 1, length(own)); r = substr(f, length(own) + 1) }
  !(d == own && (r ~ /^(adapters|include|properties)\//))' "$base/sites.tsv" > "$base/sites.own"
mv "$base/sites.own" "$base/sites.tsv"
# PF_MUTATE_ONLY: shell patterns of the files (as sites.tsv shows them)
# whose sites the campaign draws from, e.g. "*/fts5.c" (search mutates
# FTS5, not the rest of SQLite); unset: every file of the libraries.
if [ -n "${PF_MUTATE_ONLY:-}" ]; then
  cut -f2 "$base/sites.tsv" | sort -u | while IFS= read -r f; do
    for p in $PF_MUTATE_ONLY; do
      # shellcheck disable=SC2254
      case $f in $p) printf '%s\n' "$f"; break ;; esac
    done
  done > "$base/only.txt"
  [ -s "$base/only.txt" ] || mt_die "MUTATE_ONLY ($PF_MUTATE_ONLY) matches no file of the libraries"
  awk -F'\t' 'NR == FNR { keep[$0] = 1; next } $2 in keep' "$base/only.txt" "$base/sites.tsv" > "$base/sites.only"
  mv "$base/sites.only" "$base/sites.tsv"
fi
# The directory a mutant of each file copies (file-roots.tsv: file, root):
# the longest root that holds the file and the sources of the units of
# its own tree that read it, so that an include relative to the includer
# ("../common/x.c", as FFTW's SIMD codelets do) finds the mutated copy
# too. Units from elsewhere (the harness) reach it through a -I root.
awk -F'\t' -v OFS='\t' -v cache="$(realpath -m "$cache/src")/" -v lib="$(realpath -m "$base/lib")/" '
  function under(f, d) { return index(f, d "/") == 1 }
  function top(f,   r, i, t) {
    if (index(f, cache) == 1) { r = substr(f, length(cache) + 1); return cache substr(r, 1, index(r, "/") - 1) }
    if (index(f, lib) == 1) { r = substr(f, length(lib) + 1); return lib substr(r, 1, index(r, "/") - 1) }
    for (i = 1; i <= nr; i++) if (under(f, R[i])) t = R[i]
    return t
  }
  FILENAME == ARGV[1] { R[++nr] = $0; next }
  FILENAME == ARGV[2] { src[$1] = $5; next }
  FILENAME == ARGV[3] { if ($1 in src) readers[$2] = readers[$2] SUBSEP src[$1]; next }
  !($13 in done) {
    f = $13; done[f] = 1; t = top(f); pick = ""
    n = split(substr(readers[f], 2), rs, SUBSEP)
    for (i = 1; i <= nr && pick == ""; i++) {
      if (!under(f, R[i])) continue
      ok = 1
      for (j = 1; j <= n; j++) if (t != "" && under(rs[j], t) && !under(rs[j], R[i])) ok = 0
      if (ok) pick = R[i]
    }
    if (pick == "") for (i = 1; i <= nr && pick == ""; i++) if (under(f, R[i])) pick = R[i]
    print f, pick
  }' "$base/roots.txt" "$base/entries.tsv" "$base/deps.tsv" "$base/sites.tsv" > "$base/file-roots.tsv"
rm -f "$base/sites.raw" "$base/roots.raw"
awk -F'\t' 'NR == FNR { hit[$1 "\t" $2] = 1; next }
            { print > (((($13 "\t" $3) in hit)) ? covered : uncovered) }' \
  covered="$base/covered.tsv" uncovered="$base/uncovered.tsv" \
  "$base/covered-lines.tsv" "$base/sites.tsv"
touch "$base/covered.tsv" "$base/uncovered.tsv"
echo "propfuzz: $(wc -l < "$base/sites.tsv") mutation sites, $(wc -l < "$base/covered.tsv") on covered lines"
