# propfuzz as another project's dependency (README, "Use propfuzz in your
# project"): make install into a temporary prefix, then the example project
# tests/outside copied to a directory outside this checkout (no relative
# path into the tree can help it) and built with CMake (find_package) and
# with its Makefile (pkg-config); ctest passes; its planted bug is fuzzed,
# found, shrunk and kept with the installed propfuzz command, and the CTest
# replay then fails on the kept file; propfuzz mutate runs a few mutants
# of its library from the CMake build's compile_commands.json; a gcc
# consumer gets no fuzz executable but the rest; an unwritable prefix is
# one line. Beside them,
# the OSS-Fuzz template builds the project in the simulated base-builder
# (tests/ossfuzz/template.sh). Sourced by tests/run.sh.

outside_tmp=$(mktemp -d "${TMPDIR:-/tmp}/propfuzz-outside.XXXXXX")
outside_prefix=$outside_tmp/prefix
outside_proj=$outside_tmp/varint
outside_cc=$(command -v clang)

bg_steps "outside/oss-fuzz-template" nice -n 10 tests/ossfuzz/template.sh

outside_install() {
  make -s -j2 install PREFIX="$outside_prefix" || return 1
  find "$outside_prefix" | sort
  local f missing=""
  for f in include/propfuzz.h include/propfuzz_json.h include/propfuzz_stream.h \
           lib/libpropfuzz.a lib/libpropfuzz-san.a lib/libpropfuzz-cov.a \
           lib/libpropfuzz-replay.a lib/libpropfuzz-san-replay.a lib/libpropfuzz-san-shrink.a \
           lib/libpropfuzz-san-seeds.a lib/pkgconfig/propfuzz.pc lib/pkgconfig/propfuzz-san.pc \
           lib/pkgconfig/propfuzz-cov.pc lib/cmake/propfuzz/propfuzzConfig.cmake \
           lib/cmake/propfuzz/propfuzzConfigVersion.cmake bin/propfuzz; do
    [ -e "$outside_prefix/$f" ] || missing+="$f "
  done
  [ -z "$missing" ] || { echo "not installed: $missing"; return 1; }
  # only the public headers (libexec/propfuzz/mutate/ holds pf-mutgen's
  # source, internal header included, for a build on first use)
  [ -z "$(find "$outside_prefix" -name '*internal*' ! -path '*/libexec/propfuzz/mutate/*')" ] ||
    { echo "an internal header was installed"; return 1; }
  local v; v=$(sed -n 's/^#define PROPFUZZ_VERSION "\(.*\)"/\1/p' include/propfuzz.h)
  [ "$(PKG_CONFIG_PATH=$outside_prefix/lib/pkgconfig pkg-config --modversion propfuzz-san)" = "$v" ] &&
    "$outside_prefix/bin/propfuzz" --version | grep -qF "$v" || { echo "version $v not in .pc or --version"; return 1; }
  # uninstall removes exactly what install put there
  make -s install PREFIX="$outside_tmp/again" >/dev/null && make -s uninstall PREFIX="$outside_tmp/again" || return 1
  [ -z "$(find "$outside_tmp/again" -mindepth 1 2>/dev/null)" ] || { echo "uninstall left files"; return 1; }
  # the project, outside the checkout, without its build outputs
  cp -r tests/outside "$outside_proj" && rm -rf "$outside_proj"/build*
}

# outside_cmake BUILD_DIR CC [CMAKE ARGS...]: configure and build the copy.
outside_cmake() {
  local b=$1 cc=$2; shift 2
  rm -rf "${outside_proj:?}/$b"
  (cd "$outside_proj" && cmake -S . -B "$b" -DCMAKE_C_COMPILER="$cc" \
     -DCMAKE_PREFIX_PATH="$outside_prefix" "$@" && cmake --build "$b" -j2)
}

outside_cmake_clang() {
  # (its compilation database is propfuzz mutate's input, below)
  outside_cmake build "$outside_cc" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON || return 1
  local k
  for k in fuzz replay shrink seeds; do
    [ -x "$outside_proj/build/varint-$k" ] || { echo "no build/varint-$k"; return 1; }
  done
  (cd "$outside_proj/build" && ctest --output-on-failure) || return 1
  # the seeds the target writes as values are the committed corpus
  rm -rf "$outside_tmp/seeds" && mkdir "$outside_tmp/seeds" &&
    "$outside_proj/build/varint-seeds" "$outside_tmp/seeds" && diff -r "$outside_tmp/seeds" "$outside_proj/corpus/varint"
}

outside_makefile() {
  (cd "$outside_proj" && PKG_CONFIG_PATH=$outside_prefix/lib/pkgconfig make -s && 
     PKG_CONFIG_PATH=$outside_prefix/lib/pkgconfig make -s check) || return 1
  [ -x "$outside_proj/varint-fuzz" ] && [ -x "$outside_proj/varint-replay" ]
}

# The planted bug: propfuzz fuzz finds it (saved under
# propfuzz-findings/varint), propfuzz shrink and keep make it a regress
# file, and the CTest replay of the planted build fails on exactly it.
outside_planted() {
  local pf=$outside_prefix/bin/propfuzz b=build-planted out rc=0 finding kept
  outside_cmake $b "$outside_cc" -DVARINT_PLANTED_BUG=ON >/dev/null || return 1
  cd "$outside_proj" || return 1
  out=$("$pf" fuzz varint --bin-dir $b --time 30 2>&1) || rc=$?
  echo "$out"
  [ $rc = 1 ] || { echo "expected propfuzz fuzz to report a finding (exit 1), got $rc"; cd - >/dev/null; return 1; }
  finding=$(ls propfuzz-findings/varint/round_trip-* propfuzz-findings/varint/canonical_fixed_point-* 2>/dev/null |
            grep -v '\.' | head -n 1)
  [ -n "$finding" ] || { echo "no finding saved in propfuzz-findings/varint"; cd - >/dev/null; return 1; }
  "$pf" shrink varint "$finding" --bin-dir $b || { cd - >/dev/null; return 1; }
  [ -s "$finding.min" ] || { echo "no $finding.min"; cd - >/dev/null; return 1; }
  "$pf" keep varint "$finding.min" --bin-dir $b || { cd - >/dev/null; return 1; }
  kept=$(ls corpus/varint/regress/ 2>/dev/null | grep -v '\.' | head -n 1)
  [ -n "$kept" ] || { echo "nothing kept in corpus/varint/regress"; cd - >/dev/null; return 1; }
  out=$(cd $b && ctest --output-on-failure -R varint-replay 2>&1) && { echo "$out"; cd - >/dev/null; return 1; }
  echo "$out"
  cd - >/dev/null || return 1
  grep -Eq "^FAIL .*corpus/varint/regress/$kept: property=(round_trip|canonical_fixed_point)" <<<"$out"
}

# propfuzz mutate on the library of the CMake build, from its compilation
# database (the harness: what CMake compiles into varint-fuzz): a campaign
# of two mutants, run two at once (varint's mutants die replaying the
# corpus: --time 1 is enough), writes the report with both scores and
# kills at least one; each misuse is one line: no database, a database
# without entries, a harness file that is not there.
outside_mutate() {
  local pf=$outside_prefix/bin/propfuzz out rc=0 dir=$outside_proj/propfuzz-mutate/varint
  cd "$outside_proj" || return 1
  out=$(nice -n 10 "$pf" mutate varint --compdb build/compile_commands.json --mutants 2 --time 1 --jobs 2 2>&1) || rc=$?
  echo "$out"
  cd - >/dev/null || return 1
  [ $rc = 0 ] || { echo "propfuzz mutate exited $rc"; return 1; }
  [ -s "$dir/report.md" ] && grep -q '^| with properties | [0-9]* / 2 | ' "$dir/report.md" &&
    grep -Eq '"score_with_properties": [0-9.]+,' "$dir/summary.json" &&
    grep -Eq '"score_crash_only": [0-9.]+,' "$dir/summary.json" || { echo "no report with both scores"; return 1; }
  grep -Eq '"killed_with_properties": [12],' "$dir/summary.json" || { echo "no mutant killed"; return 1; }
  grep -q '^m[0-9a-f]\{10\} src/varint.c:[0-9]* ' <<<"$out" || { echo "no mutant of src/varint.c"; return 1; }
  outside_mutate_misuse "" "no compilation database for varint's library: pass --compdb" || return 1
  outside_mutate_misuse "--compdb build-none/compile_commands.json" "no compilation database at build-none/compile_commands.json" || return 1
  mkdir -p "$outside_tmp/empty-db" && echo '[]' > "$outside_tmp/empty-db/compile_commands.json"
  outside_mutate_misuse "--compdb $outside_tmp/empty-db" "compile_commands.json has no entries\|empty-db has no entries" || return 1
  outside_mutate_misuse "--compdb build --harness fuzz/none.c" "no harness file fuzz/none.c; fix --harness"
}
outside_mutate_misuse() { # ARGS EXPECTED: exit 2 and one line matching EXPECTED
  local out rc=0
  # shellcheck disable=SC2086
  out=$(cd "$outside_proj" && "$outside_prefix/bin/propfuzz" mutate varint $1 2>&1) || rc=$?
  echo "$out"
  [ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "^propfuzz: .*$2" <<<"$out" ||
    { echo "expected one line with '$2' and exit 2 (got $rc)"; return 1; }
}

# Bad use: one line each.
outside_misuse() {
  local out ro=$outside_tmp/read-only
  mkdir -p "$ro" && chmod 555 "$ro"
  # root writes anywhere: then a prefix under a regular file
  [ -w "$ro" ] && { : > "$outside_tmp/a-file"; ro=$outside_tmp/a-file; }
  out=$(make -s install PREFIX="$ro/prefix" 2>&1) && { echo "install into $ro succeeded"; return 1; }
  echo "$out"
  # one line of propfuzz's (make adds its own "make: *** ... Error 1")
  [ "$(grep -vc '^make' <<<"$out")" = 1 ] && grep -q "^propfuzz: cannot write to $ro/prefix" <<<"$out" || return 1
  [ ! -e "$ro/prefix" ] || return 1
  # gcc: the fuzz executable is left out with one message; the rest builds
  command -v gcc >/dev/null || { echo "no gcc"; return 1; }
  out=$(outside_cmake build-gcc gcc 2>&1) || { echo "$out"; return 1; }
  grep 'propfuzz' <<<"$out"
  [ "$(grep -c 'varint-fuzz skipped: libFuzzer needs clang' <<<"$out")" = 1 ] || return 1
  [ ! -e "$outside_proj/build-gcc/varint-fuzz" ] && [ -x "$outside_proj/build-gcc/varint-replay" ] || return 1
  if [ -f properties/drivers/example_main.c ]; then
    [ -x "$outside_proj/build-gcc/varint-examples" ] || { echo "no varint-examples with gcc"; return 1; }
  fi
  (cd "$outside_proj/build-gcc" && ctest --output-on-failure)
}

step outside/install outside_install
step outside/cmake-clang-ctest outside_cmake_clang
step outside/makefile-pkg-config outside_makefile
step outside/planted-fuzz-shrink-keep outside_planted
step outside/mutate-compdb outside_mutate
step outside/misuse outside_misuse
bg_wait "outside/oss-fuzz-template"
chmod -R u+w "$outside_tmp" 2>/dev/null
rm -rf "$outside_tmp"
