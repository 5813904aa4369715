#!/usr/bin/env bash
# A library under mutation from a compilation database (compile_commands.json,
# which CMake writes with CMAKE_EXPORT_COMPILE_COMMANDS=ON and bear records
# for any build): `propfuzz mutate <target> --compdb FILE` for a library
# built by its own project, not by build/lib-<lib>.sh.
#
#   compdb.sh select <compile_commands.json or its directory> <target> <dir>
#     writes into <dir>: entries.tsv (the library's entries: file, then the
#     command as pf-mutgen compdb prints it), harness.txt (the target's
#     files, one a line), hflags (the harness's own flags) and
#     lib-<target>.sh, the library's build script in the form run.sh takes
#     (PF_MUTATE_LIB_SCRIPTS=<dir>, PF_MUTATE_LIBS=<target>).
#     The harness: PF_COMPDB_HARNESS (files, one a line), else the files
#     CMake compiles into <target>-fuzz (propfuzz_add_target), or the
#     files with a fuzz entry point a one-step build links into it. The library:
#     every C entry that is not the harness, not another propfuzz
#     executable's or propfuzz's own, and defines no main or fuzz entry
#     point; PF_COMPDB_SOURCES (globs or files, one a line, relative to the
#     current directory) narrows it.
#   compdb.sh build <entries.tsv> <outdir> <cc> <flags...>
#     the build script: each entry compiled by its own command (flags,
#     includes, defines, in its directory) with <cc> for its compiler and
#     <flags> (the campaign's flavour) added, into <outdir>/lib<name>.a.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

# The harness flags are one word-split string (PF_MUTATE_HFLAGS).
join_flags() {
  local f
  for f in "$@"; do
    case $f in *[[:space:]]*) mt_die "a flag with a space ('$f') in the harness's command is not supported" ;; esac
  done
  printf '%s\n' "$*"
}

# Output paths of executables propfuzz makes (CMake: <n>-<kind>.dir/) and
# of propfuzz built as a subproject: never the library under test.
not_library_output() {
  case $1 in
    */*-fuzz.dir/*|*/*-afl.dir/*|*/*-replay.dir/*|*/*-shrink.dir/*|*/*-examples.dir/*|\
    */*-seeds.dir/*|*/propfuzz.dir/*|*/propfuzz_*.dir/*) return 0 ;;
  esac
  return 1
}

# A file with a main or a fuzz entry point is a program, not the library.
is_program() {
  grep -Eq '(^|[^A-Za-z0-9_])(main|LLVMFuzzerTestOneInput)[[:space:]]*\(|PF_TARGET[[:space:]]*\(' "$1"
}

select_entries() {
  local db=$1 t=$2 dir=$3 dbdir gen=${PF_MUTGEN:?}
  [ -e "$db" ] || mt_die "no compilation database at $db (CMake: configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; any build: bear -- make)"
  mkdir -p "$dir"
  if [ -d "$db" ]; then
    dbdir=$db
    [ -f "$dbdir/compile_commands.json" ] || mt_die "no compile_commands.json in $db (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; any build: bear -- make)"
  elif [ "$(basename "$db")" = compile_commands.json ]; then
    dbdir=$(dirname "$db")
  else
    mkdir -p "$dir/db" && cp "$db" "$dir/db/compile_commands.json" && dbdir=$dir/db
  fi
  "$gen" compdb "$dbdir" > "$dir/all.tsv" 2> "$dir/compdb.log" ||
    mt_die "cannot read $db as a compilation database ($(head -1 "$dir/compdb.log"))"
  [ -s "$dir/all.tsv" ] || mt_die "$db has no entries (was the build configured and run? CMake: cmake --build <dir>)"

  # The harness, given or from CMake's <target>-fuzz.
  local -A harness=() taken=()
  local f cmd h=() first_hcmd=
  if [ -n "${PF_COMPDB_HARNESS:-}" ]; then
    while IFS= read -r f; do
      [ -n "$f" ] || continue
      [ -f "$f" ] || mt_die "no harness file $f; fix --harness"
      f=$(realpath "$f"); harness[$f]=1; h+=("$f")
    done <<<"$PF_COMPDB_HARNESS"
  else
    while IFS=$'\t' read -r f cmd; do
      f=$(realpath -m "$f")
      # CMake: every file of <target>-fuzz; a build that compiles and
      # links in one command (bear -- make): its files that are programs.
      case $cmd in
        *"/$t-fuzz.dir/"*) ;;
        *"'-o' '$t-fuzz' "*|*"'-o' '"*"/$t-fuzz' "*) [ -f "$f" ] && is_program "$f" || continue ;;
        *) continue ;;
      esac
      [ -n "${harness[$f]:-}" ] || { harness[$f]=1; h+=("$f"); }
    done < "$dir/all.tsv"
    [ ${#h[@]} -gt 0 ] ||
      mt_die "$db compiles no fuzz target into $t-fuzz (CMake: propfuzz_add_target(NAME $t ...)); pass --harness <file.c>..."
  fi
  printf '%s\n' "${h[@]}" > "$dir/harness.txt"

  # The library's entries, once per file.
  local pats=() p keep libflags=()
  if [ -n "${PF_COMPDB_SOURCES:-}" ]; then
    while IFS= read -r p; do
      [ -n "$p" ] || continue
      case $p in /*) ;; *) p=$PWD/$p ;; esac
      pats+=("$p")
    done <<<"$PF_COMPDB_SOURCES"
  fi
  : > "$dir/entries.tsv"
  while IFS=$'\t' read -r f cmd; do
    f=$(realpath -m "$f")
    if [ -n "${harness[$f]:-}" ]; then
      # The harness's flags: its command in <target>-fuzz if there is one.
      case $cmd in
        *"/$t-fuzz.dir/"*|*"'-o' '$t-fuzz' "*|*"'-o' '"*"/$t-fuzz' "*) first_hcmd=$cmd ;;
        *) [ -n "$first_hcmd" ] || first_hcmd=$cmd ;;
      esac
      continue
    fi
    case $f in *.c) ;; *) continue ;; esac
    [ -z "${taken[$f]:-}" ] && [ -f "$f" ] || continue
    not_library_output "$cmd" && continue
    is_program "$f" && continue
    if [ ${#pats[@]} -gt 0 ]; then
      keep=0
      for p in "${pats[@]}"; do
        # shellcheck disable=SC2053
        [[ $f == $p ]] && keep=1
      done
      [ $keep = 1 ] || continue
    fi
    taken[$f]=1
    printf '%s\t%s\n' "$f" "$cmd" >> "$dir/entries.tsv"
    eval "words=($cmd)"
    mt_compile_flags "${words[@]:2}"
    for p in "${FLAGS[@]}"; do case $p in -I*|-isystem*|-iquote*) libflags+=("$p") ;; esac; done
  done < "$dir/all.tsv"
  [ -s "$dir/entries.tsv" ] ||
    mt_die "no library sources in $db${pats:+ matching --sources} (each entry is $t's harness, a program or not C)"

  # The harness's flags: its own command's, else the library's include
  # directories (the harness is not in the database).
  if [ -n "$first_hcmd" ]; then
    eval "words=($first_hcmd)"
    mt_compile_flags "${words[@]:2}"
    join_flags "${FLAGS[@]}" > "$dir/hflags"
  else
    join_flags "${libflags[@]}" > "$dir/hflags"
  fi

  # The build script; its fingerprint line changes with the entries and
  # with the library's sources and headers (the files under its source and
  # include directories), so that base.sh rebuilds when they change.
  local dirs print
  dirs=$(cut -f1 "$dir/entries.tsv" | xargs -d '\n' dirname | sort -u)
  print=$({ cat "$dir/entries.tsv" "$dir/hflags"
            find $dirs -maxdepth 2 -type f \( -name '*.[ch]' -o -name '*.inc' \) \
              ! -path "$(realpath -m "$PF_MUTATE_OUT")/*" -print0 2>/dev/null | sort -z | xargs -0 -r sha1sum
          } | sha1sum | cut -c1-16)
  cat > "$dir/lib-$t.sh" <<EOF
#!/bin/sh
# $t's library from $db (propfuzz mutate), sources $print
exec '$here/compdb.sh' build '$dir/entries.tsv' "\$@"
EOF
  chmod +x "$dir/lib-$t.sh"
  echo "propfuzz: $t: $(wc -l < "$dir/entries.tsv") library sources from $db; harness: $(xargs -d '\n' -n1 basename < "$dir/harness.txt" | paste -sd' ')"
}

build_library() {
  local entries=$1 out=$2 cc=$3 i=0 f cmd words
  shift 3
  rm -rf "$out" && mkdir -p "$out/obj" "$out/include"
  while IFS=$'\t' read -r f cmd; do
    eval "words=($cmd)"
    mt_compile_flags "${words[@]:2}"
    i=$((i + 1))
    (cd "${words[0]}" && "$cc" "${FLAGS[@]}" "$@" -Wno-error -c "$f" -o "$out/obj/$i-$(basename "${f%.c}").o")
  done < "$entries"
  ar rcs "$out/lib$(basename "$out").a" "$out"/obj/*.o
}

case ${1:-} in
  select) shift; select_entries "$@" ;;
  build) shift; build_library "$@" ;;
  *) mt_die "usage: compdb.sh select <compdb> <target> <dir> | build <entries.tsv> <outdir> <cc> <flags...>" ;;
esac
