#!/usr/bin/env bash
# Builds SQLite (with FTS5) from its Debian source with the given compiler
# and flags, so the fuzzer sees its branches and the sanitizers its memory.
# Usage: build/lib-sqlite.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libsqlite3.a, <outdir>/include/sqlite3.h and
# <outdir>/source-tree (the path of SQLite's source tree).
# Source: Debian's sqlite3 package, or PF_SRC_sqlite3: the release's
# canonical tree (sqlite-src-<version>.zip, which Debian's orig tarball
# repacks; it has the manifest files the scripts read).
#
# Debian's source package holds SQLite's canonical tree, not the
# amalgamation, so the amalgamation is generated here the way upstream's
# main.mk does it (lemon, mkkeywordhash, mksourceid: small C tools built
# with the host compiler; mkopcodeh/mkopcodec/mksqlite3h/mkfts5c/
# vdbe-compress/mksqlite3c: tclsh scripts) — a few seconds, no configure.
# The library is then one translation unit, sqlite3.c, compiled with the
# given flags plus the feature options below.
set -euo pipefail
mkdir -p "$1"
out=$(cd "$1" && pwd) cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" sqlite3 3.40.1-2+deb12u2)

# tclsh is a build tool, installed beforehand (build/deps.sh locally, the
# Dockerfile for OSS-Fuzz): a library build never installs anything.
command -v tclsh >/dev/null ||
  { echo "propfuzz: SQLite's build scripts need tclsh: run  build/deps.sh core  (or apt-get install tcl)" >&2; exit 1; }
hostcc=${HOSTCC:-cc}
command -v "$hostcc" >/dev/null || hostcc=clang

# Feature options: the ones the target needs (FTS5), and the ones that
# make it faster without changing what FTS5 computes.
opts=(-DSQLITE_ENABLE_FTS5 -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION
      -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_OMIT_DEPRECATED -DSQLITE_OMIT_SHARED_CACHE
      -DSQLITE_DQS=0)

rm -rf "$out"; mkdir -p "$out/include" "$out/obj" "$out/gen/tsrc"
gen=$out/gen
cd "$gen"
# Host tools. The parser generator and keyword hash see the same options.
$hostcc -O1 -o lemon "$src/tool/lemon.c"
cp "$src/tool/lempar.c" .
$hostcc -O1 -o mksourceid "$src/tool/mksourceid.c"
$hostcc -O1 "${opts[@]}" -o mkkeywordhash "$src/tool/mkkeywordhash.c"
./mkkeywordhash > keywordhash.h
cp "$src/src/parse.y" .
./lemon -s "${opts[@]}" parse.y >/dev/null
cat parse.h "$src/src/vdbe.c" | tclsh "$src/tool/mkopcodeh.tcl" > opcodes.h
tclsh "$src/tool/mkopcodec.tcl" opcodes.h > opcodes.c
tclsh "$src/tool/mksqlite3h.tcl" "$src" > sqlite3.h
cp "$src/ext/fts5/fts5parse.y" .
./lemon "${opts[@]}" fts5parse.y >/dev/null
tclsh "$src/ext/fts5/tool/mkfts5c.tcl"
cp "$src/ext/fts5/fts5.h" .

# The tsrc directory mksqlite3c.tcl reads (main.mk's target_source).
cp "$src"/src/*.c "$src"/src/*.h tsrc/
rm -f tsrc/tclsqlite.c tsrc/test*.c tsrc/shell.c
for d in fts3 icu rtree session userauth rbu; do cp "$src"/ext/$d/*.[ch] tsrc/; done
cp "$src/ext/misc/stmt.c" tsrc/
cp keywordhash.h opcodes.c opcodes.h parse.c parse.h sqlite3.h fts5.h tsrc/
# FTS5 is a unit of its own (fts5.c with SQLITE_CORE: the public API only,
# sqlite3Fts5Init for the core's built-in list), not a part of sqlite3.c:
# a mutant of FTS5 (make mutate-search) then recompiles FTS5 alone, not
# the whole of SQLite. The amalgamation gets an empty fts5.c.
printf '/* FTS5 is compiled apart: build/lib-sqlite.sh */\n' > tsrc/fts5.c
tclsh "$src/tool/vdbe-compress.tcl" < tsrc/vdbe.c > vdbe.new
mv vdbe.new tsrc/vdbe.c
tclsh "$src/tool/mksqlite3c.tcl" >/dev/null
# The core's built-in list declares sqlite3Fts5Init, which the script made
# SQLITE_PRIVATE (static) as it does every sqlite3* declaration: it is
# fts5.c's now.
sed -i 's/^SQLITE_PRIVATE int sqlite3Fts5Init(sqlite3\*);$/int sqlite3Fts5Init(sqlite3*);/' sqlite3.c
grep -q '^int sqlite3Fts5Init(sqlite3\*);$' sqlite3.c ||
  { echo "propfuzz: sqlite3.c does not declare sqlite3Fts5Init as build/lib-sqlite.sh expects" >&2; exit 1; }

cp sqlite3.h "$src/src/sqlite3ext.h" "$out/include/"
# The compiled files are generated ones (gen/): where the source tree is,
# for a mutation campaign's baseline (src:test/ossfuzz.c).
echo "$src" > "$out/source-tree"
$cc "$@" "${opts[@]}" -c sqlite3.c -o "$out/obj/sqlite3.o"
$cc "$@" "${opts[@]}" -DSQLITE_CORE -I. -c fts5.c -o "$out/obj/fts5.o"
ar rcs "$out/libsqlite3.a" "$out/obj/sqlite3.o" "$out/obj/fts5.o"
