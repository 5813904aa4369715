#!/usr/bin/env bash
# The baseline of a campaign (BASELINE=<harness>...): other fuzz targets,
# each a file defining LLVMFuzzerTestOneInput (C or C++), usually the one
# the library ships, built against the same library so that every mutant
# build runs through them too. Under $PF_MUTATE_OUT/base/baseline/:
#   <name>/obj/*.o, <name>/bin   each baseline (name: its file's name
#                                without the extension), unmutated
#   shared/obj/*.o  BASELINE_SOURCES, compiled once for all baselines
#                (one command each: lz4's ten fuzzers share two helper
#                files that include lz4.c, which a mutant recompiles)
#   cc/<name>/, cc/shared/   the compiler commands (a mutated header it
#                includes is recompiled into it, as for the target)
#   deps.tsv     command (<name>/<file> under cc/)<TAB>file it reads
#   list.tsv     name, corpus (or -), dictionary (or -), one a line
# Called by run.sh; rebuilt only when its inputs change (.fingerprint).
# Settings (see run.sh): BASELINE, BASELINE_CORPUS, BASELINE_DICT,
# BASELINE_SOURCES, BASELINE_CFLAGS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
top=$(cd "$here/../.." && pwd)
base=$PF_MUTATE_OUT/base dir=$PF_MUTATE_OUT/base/baseline
srcs=$(realpath -m "${PF_CACHE:-$top/out}/src")   # fetch-source.sh's trees
cxx=${CXX:-clang++}
project=${PF_MUTATE_PROJECT:-$top}   # paths not under a library are relative to it

# The source tree of library <lib>: the one its build names (source-tree:
# a library compiled from generated files, SQLite's amalgamation), else
# its recorded commands' Debian source directory, else the directory of
# its first source file.
lib_source_dir() {
  local f src first=
  [ ! -f "$base/lib/$1/source-tree" ] || { cat "$base/lib/$1/source-tree"; return; }
  for f in "$base/cc/$1"/*; do
    [ -f "$f" ] || continue
    mt_read_entry "$f"
    [ -n "$ENTRY_SRC" ] || continue
    src=$(realpath -m "$(mt_abs "$ENTRY_DIR" "$ENTRY_SRC")")
    case $src in
      "$srcs"/*) local rest=${src#"$srcs"/}; echo "$srcs/${rest%%/*}"; return ;;
    esac
    [ -n "$first" ] || first=$(dirname "$src")
  done
  [ -n "$first" ] || mt_die "no recorded source of library $1 (is it in the target's libraries?)"
  echo "$first"
}

# resolve WORD [SETTING] [-f|-d]: a baseline file (or directory) as a real
# path. src:<path> is relative to the source tree of the target's first
# library, <lib>:<path> to that library's; anything else to the
# project (this repository, or propfuzz mutate's; or absolute).
resolve() {
  local w=$1 what=${2:-BASELINE} t=${3:--f} lib=${PF_MUTATE_LIBS%% *} p kind=file
  [ "$t" = -f ] || kind=directory
  case $w in
    src:*) p=${w#src:} ;;
    *:*) lib=${w%%:*} p=${w#*:}
         grep -qw -- "$lib" <<<"$PF_MUTATE_LIBS" || mt_die "$what: $w: $lib is not a library of this target ($PF_MUTATE_LIBS)" ;;
    *) p=$(mt_abs "$project" "$w"); test "$t" "$p" || mt_die "$what: no such $kind: $w"; realpath "$p"; return ;;
  esac
  local d; d=$(lib_source_dir "$lib")
  test "$t" "$d/$p" || mt_die "$what: no such $kind: $p in $lib's source ($d)"
  realpath "$d/$p"
}

# nth LIST I: the I-th word of LIST (0-based), or its only word, or "-".
nth() {
  local words; read -r -a words <<<"$1"
  case ${#words[@]} in 0) echo - ;; 1) echo "${words[0]}" ;;
    *) [ "$2" -lt ${#words[@]} ] || mt_die "BASELINE_CORPUS/BASELINE_DICT: give one for all baselines or one for each"
       echo "${words[$2]}" ;; esac
}

# Seeds made by the target's script from its library's source (BASELINE=own).
if [ -n "${PF_MUTATE_BASELINE_SEEDS:-}" ]; then
  seeds=$PF_MUTATE_OUT/baseline-seeds
  "$(mt_abs "$top" "$PF_MUTATE_BASELINE_SEEDS")" "$(lib_source_dir "${PF_MUTATE_LIBS%% *}")" "$seeds" ||
    mt_die "BASELINE=own: $PF_MUTATE_BASELINE_SEEDS failed"
  BASELINE_CORPUS=$seeds
fi

# -I<lib>:<dir> and -Isrc:<dir> in BASELINE_CFLAGS: a directory of the
# library's source (the one its shipped fuzzers include from).
cflags=()
for w in ${BASELINE_CFLAGS:-}; do
  case $w in -I*:*) cflags+=("-I$(resolve "${w#-I}" BASELINE_CFLAGS -d)") ;; *) cflags+=("$w") ;; esac
done

read -r -a words <<<"$BASELINE"
files=() names=() corpora=() dicts=() extra=()
for w in "${words[@]}"; do files+=("$(resolve "$w")"); done
for w in ${BASELINE_SOURCES:-}; do extra+=("$(resolve "$w" BASELINE_SOURCES)"); done
for i in "${!files[@]}"; do
  f=${files[i]} n=$(basename "${files[i]%.*}")
  grep -q LLVMFuzzerTestOneInput "$f" || mt_die "BASELINE: $f defines no LLVMFuzzerTestOneInput"
  [ "$n" != shared ] || mt_die "BASELINE: $f: a baseline cannot be named shared (the name of the shared objects); rename it"
  for o in "${names[@]}"; do [ "$o" != "$n" ] || mt_die "BASELINE: two baselines named $n"; done
  names+=("$n")
  c=$(nth "${BASELINE_CORPUS:-}" "$i") d=$(nth "${BASELINE_DICT:-}" "$i")
  [ "$c" = - ] || c=$(resolve "$c" BASELINE_CORPUS -d)
  # The fuzzer's own dictionary (<file>.dict, OSS-Fuzz's convention) unless given.
  [ "$d" = - ] && [ -f "${f%.*}.dict" ] && d=${f%.*}.dict
  [ "$d" = - ] || d=$(resolve "$d" BASELINE_DICT -f)
  corpora+=("$c") dicts+=("$d")
done

print=$(
  {
    cat "$base/.fingerprint"
    printf '%s\n' "$CC" "$cxx" "$PF_MUTATE_LINKFLAGS" "${cflags[@]}" "${names[@]}" \
      "${corpora[@]}" "${dicts[@]}"
    cat "${files[@]}" "${extra[@]}" "$here/baseline.sh"
    for c in "${corpora[@]}"; do
      [ "$c" = - ] || find "$c" -type f -print0 | sort -z | xargs -0r sha1sum
    done
    for d in "${dicts[@]}"; do [ "$d" = - ] || cat "$d"; done
  } | sha1sum | cut -c1-16)
if [ -f "$dir/.ready" ] && [ "$(cat "$dir/.fingerprint")" = "$print" ]; then exit 0; fi
echo "propfuzz: building the baseline (${names[*]}) in $dir"
rm -rf "$dir" && mkdir -p "$dir/cc"
incs=() archives=()
for l in $PF_MUTATE_LIBS; do
  incs+=("-I$base/lib/$l/include")
  archives+=("$base/lib/$l"/*.a)
done

# compile NAME SOURCE: one object of baseline NAME, the command recorded.
compile() {
  local n=$1 s=$2 c=$CC o
  case $s in *.cc|*.cpp|*.cxx|*.C) c=$cxx ;; esac
  o=$dir/$n/obj/$(basename "${s%.*}").o
  mkdir -p "$dir/$n/obj"
  # shellcheck disable=SC2086
  (cd "$(dirname "$s")" && PF_CC_LOG=$dir/cc/$n PF_REAL_CC=$c "$here/cc-log.sh" $PF_MUTATE_LINKFLAGS \
    "${cflags[@]}" -I. "${incs[@]}" -c "$s" -o "$o") >> "$dir/build.log" 2>&1 ||
    { tail -n 20 "$dir/build.log" >&2; mt_die "BASELINE: compiling $s failed (log: $dir/build.log)"; }
}
: > "$dir/list.tsv"
shared_link=$CC
for s in "${extra[@]}"; do
  compile shared "$s"
  case $s in *.cc|*.cpp|*.cxx|*.C) shared_link=$cxx ;; esac
done
shared=()
[ ${#extra[@]} = 0 ] || shared=("$dir"/shared/obj/*.o)
for i in "${!files[@]}"; do
  n=${names[i]} link=$shared_link
  compile "$n" "${files[i]}"
  case ${files[i]} in *.cc|*.cpp|*.cxx|*.C) link=$cxx ;; esac
  echo "$link" > "$dir/$n/linker"
  # shellcheck disable=SC2086
  $link $PF_MUTATE_LINKFLAGS "$dir/$n"/obj/*.o "${shared[@]}" "${archives[@]}" ${PF_MUTATE_LDLIBS:-} -lm \
    -o "$dir/$n/bin" >> "$dir/build.log" 2>&1 ||
    { tail -n 20 "$dir/build.log" >&2; mt_die "BASELINE: linking $n failed (log: $dir/build.log)"; }
  # Unmutated, it must pass its own corpus: else every mutant is "killed".
  if [ "${corpora[i]}" != - ]; then
    "$dir/$n/bin" -runs=0 -timeout="$PF_MUTANT_INPUT_TIMEOUT" -artifact_prefix="$dir/$n/" "${corpora[i]}" > "$dir/$n/replay.log" 2>&1 ||
      mt_die "the unmutated baseline $n fails its own corpus (see $dir/$n/replay.log; the input is beside it)"
  fi
  printf '%s\t%s\t%s\n' "$n" "${corpora[i]}" "${dicts[i]}" >> "$dir/list.tsv"
done
: > "$dir/deps.tsv"
for f in "$dir"/cc/*/*; do
  mt_read_entry "$f"
  name=${f#"$dir"/cc/}
  (cd "$ENTRY_DIR" && "$PF_MUTGEN" deps -- "${ENTRY_ARGS[@]:1}") | sed "s|^|$name\t|" >> "$dir/deps.tsv"
done
echo "$print" > "$dir/.fingerprint"
touch "$dir/.ready"
