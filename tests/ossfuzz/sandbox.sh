# Sourced by tests/ossfuzz_check.sh: the sources the Dockerfile provides,
# the sandbox build.sh runs in, and the variables base-builder's compile
# sets (infra/base-images/base-clang/Dockerfile, base-builder/Dockerfile,
# base-builder/compile, compile_libfuzzer, compile_afl). Needs $root.

# base-clang's CFLAGS and CXXFLAGS_EXTRA; base-builder's SANITIZER_FLAGS_*
# and COVERAGE_FLAGS*.
OSSFUZZ_CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types -Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration -Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
# base-clang's CXXFLAGS_EXTRA is -stdlib=libc++: its libFuzzer is built
# against libc++. Debian's is built against libstdc++, so the C++ library
# stays the default here (propfuzz is C; only the engine is C++).
OSSFUZZ_CXXFLAGS_EXTRA=""
SANITIZER_FLAGS_address="-fsanitize=address -fsanitize-address-use-after-scope"
SANITIZER_FLAGS_undefined="-fsanitize=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
SANITIZER_FLAGS_memory="-fsanitize=memory -fsanitize-memory-track-origins"
SANITIZER_FLAGS_coverage=""
COVERAGE_FLAGS_libfuzzer="-fsanitize=fuzzer-no-link"
COVERAGE_FLAGS_coverage="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument"
AFL_DRIVER=/usr/lib/afl/libAFLDriver.a

# provide_sources FILE: writes PF_SRC_<package>=<dir> for exactly the
# variables build/oss-fuzz/Dockerfile sets, each the Debian tree of the
# package a build/lib-*.sh fetches under that name.
provide_sources() {
  local out=$1 var pkg ver dir ok=1 vars
  : > "$out"
  vars=$(sed -n 's/^ENV \(PF_SRC_[A-Za-z0-9_]*\)=.*/\1/p' "$root/build/oss-fuzz/Dockerfile")
  if [ -n "${PF_OSSFUZZ_SOURCES:-}" ]; then
    given_sources "$out" "$vars"; return
  fi
  for var in $vars; do
    read -r pkg ver < <(grep -ho 'fetch-source.sh" [^ ]* [^ )]*' "$root"/build/lib-*.sh |
      awk -v v="$var" '{ p = $2; n = "PF_SRC_" p; gsub(/[-.+]/, "_", n); if (n == v) { print p, $3; exit } }')
    if [ -z "${pkg:-}" ]; then
      fail "sources: $var" "the Dockerfile sets it but no build/lib-*.sh fetches that package"
      ok=0; continue
    fi
    if ! dir=$("$root/build/fetch-source.sh" "$pkg" "$ver" 2>&1); then
      fail "sources: $pkg $ver" "$dir"
      ok=0; continue
    fi
    # Under $SRC, where the Dockerfile puts it (a coverage build copies
    # $SRC into $OUT for the report).
    local at; at=$(sed -n "s/^ENV $var=\\\$SRC\/\(.*\)/\1/p" "$root/build/oss-fuzz/Dockerfile")
    mkdir -p "$tmp/src" && ln -sfn "$dir" "$tmp/src/${at:-$pkg}"
    echo "$var=$tmp/src/${at:-$pkg}" >> "$out"
    pkg=
  done
  [ $ok = 1 ] && pass "sources: the Dockerfile's $(wc -l <"$out") PF_SRC_* variables, given Debian's trees"
  [ $ok = 1 ]
}

# given_sources FILE VARS: PF_OSSFUZZ_SOURCES=<file of PF_SRC_*=<dir>
# lines> gives other trees (e.g. the Dockerfile's upstream checkouts):
# exactly the Dockerfile's variables, each a directory.
given_sources() {
  local want got
  want=$(tr ' ' '\n' <<<"$2" | sed '/^$/d' | sort)
  got=$(cut -d= -f1 "$PF_OSSFUZZ_SOURCES" | sort)
  if [ "$want" != "$got" ]; then
    fail "sources: $PF_OSSFUZZ_SOURCES" "wants exactly [$(xargs <<<"$want")], has [$(xargs <<<"$got")]"
    return 1
  fi
  while IFS='=' read -r var dir; do
    [ -d "$dir" ] || { fail "sources: $var" "$dir is not a directory"; return 1; }
  done < "$PF_OSSFUZZ_SOURCES"
  cp "$PF_OSSFUZZ_SOURCES" "$1"
  pass "sources: the Dockerfile's $(wc -l <"$1") PF_SRC_* variables, given $PF_OSSFUZZ_SOURCES"
}

# make_sandbox DIR: DIR/bin (commands that must not run during build.sh),
# DIR/src/propfuzz (a copy of the checkout with decoy failing inputs) and
# DIR/src/build.sh, as OSS-Fuzz's image lays them out.
make_sandbox() {
  local d=$1 c t copy=$1/src/propfuzz
  mkdir -p "$d/bin" "$copy"
  for c in apt-get apt apt-cache dpkg-source curl wget pip pip3; do
    printf '#!/bin/sh\necho "sandbox: %s $*: no network or package installs during build.sh" >&2\necho "%s $*" >> "%s"\nexit 1\n' \
      "$c" "$c" "$d/forbidden.log" > "$d/bin/$c"
  done
  # git: clone, fetch, pull, submodule and ls-remote reach the network.
  printf '#!/bin/sh\ncase "$1" in clone|fetch|pull|submodule|ls-remote)\n  echo "sandbox: git $*: no network during build.sh" >&2; echo "git $*" >> "%s"; exit 1;;\nesac\nexec %s "$@"\n' \
    "$d/forbidden.log" "$(command -v git)" > "$d/bin/git"
  chmod +x "$d"/bin/*
  tar -C "$root" --exclude=./out --exclude=./.git -cf - . | tar -C "$copy" -xf - || return 1
  for t in $(expected_targets); do
    mkdir -p "$copy/corpus/$t/regress" "$copy/corpus/$t/known"
    printf 'propfuzz decoy: regress/ is not a seed\n' >"$copy/corpus/$t/regress/zz-decoy-regress"
    printf 'propfuzz decoy: known/ is not a seed\n' >"$copy/corpus/$t/known/zz-decoy-known"
    echo round_trip >"$copy/corpus/$t/known/zz-decoy-known.expect"
  done
  cp "$root/build/oss-fuzz/build.sh" "$d/src/build.sh"
}

# compile_env ENGINE SANITIZER DIR: the environment, one VAR=value a line,
# that compile gives build.sh (plus the sources and PF_NO_FETCH), and in
# which the fuzz targets are checked.
compile_env() {
  local engine=$1 san=$2 d=$3 flags_var=SANITIZER_FLAGS_$2 cflags cov
  cov=$COVERAGE_FLAGS_libfuzzer
  [ "$engine" = afl ] && cov=
  [ "$san" = coverage ] && cov=$COVERAGE_FLAGS_coverage
  cflags="$OSSFUZZ_CFLAGS ${!flags_var} $cov"
  echo "CXXFLAGS=$cflags $OSSFUZZ_CXXFLAGS_EXTRA"
  [ "$san" = undefined ] && cflags+=" -fno-sanitize=function"
  echo "CFLAGS=$cflags"
  echo "PATH=$tmp/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  echo "HOME=$d/home"
  printf '%s\n' SRC="$tmp/src" WORK="$d/work" OUT="$d/out" SANITIZER="$san" \
    FUZZING_ENGINE="$engine" FUZZING_LANGUAGE=c ARCHITECTURE=x86_64
  if [ "$engine" = afl ]; then
    printf '%s\n' CC=afl-clang-fast CXX=afl-clang-fast++ LIB_FUZZING_ENGINE="$AFL_DRIVER" \
      AFL_QUIET=1 AFL_IGNORE_PROBLEMS=1 AFL_IGNORE_UNKNOWN_ENVS=1 \
      ASAN_OPTIONS=detect_leaks=0:symbolize=0:detect_odr_violation=0:abort_on_error=1
  else
    printf '%s\n' CC=clang CXX=clang++ LIB_FUZZING_ENGINE=-fsanitize=fuzzer
  fi
  [ -n "${PF_OSSFUZZ_TARGETS:-}" ] && echo "PF_OSSFUZZ_TARGETS=$PF_OSSFUZZ_TARGETS"
  cat "$tmp/sources.env"
}

# tree_state DIR: every path with its size and mtime.
tree_state() { (cd "$1" && find . -printf '%p %s %T@\n' | sort); }

# build_round NAME ENGINE SANITIZER DIR: build.sh in the sandbox; checks
# that it needed no network, wrote nothing into the checkout or any library
# source, and left what compile_afl would (afl-fuzz) in $OUT.
build_round() {
  local name=$1 engine=$2 san=$3 d=$4 rc=0 stamp=$4/stamp
  mkdir -p "$d/out" "$d/work" "$d/home"
  compile_env "$engine" "$san" "$d" > "$d/env"
  : > "$tmp/forbidden.log"
  tree_state "$tmp/src/propfuzz" > "$d/tree.before"
  touch "$stamp"
  # compile_afl copies afl-fuzz and the AFL_* settings into $OUT.
  if [ "$engine" = afl ]; then
    cp "$(command -v afl-fuzz)" "$d/out/" && grep '^AFL_' "$d/env" > "$d/out/afl_options.txt"
  fi
  local envv; mapfile -t envv < "$d/env"
  if [ -n "${OSS_FUZZ_DIR:-}" ]; then
    official_compile "$d" "$tmp/src/propfuzz" "${envv[@]}" > "$d/build.log" 2>&1 || rc=$?
  else
    (cd "$tmp/src/propfuzz" && env -i "${envv[@]}" bash -eu "$tmp/src/build.sh") > "$d/build.log" 2>&1 || rc=$?
  fi
  if [ $rc != 0 ]; then
    fail "$name: build.sh builds every target" "exit $rc; $(grep -m1 -E 'propfuzz|error:|sandbox:' "$d/build.log" || tail -n 3 "$d/build.log" | tr '\n' ' ')"
    return 1
  fi
  pass "$name: build.sh ran (log ${d#"$root"/}/build.log)"
  if [ -s "$tmp/forbidden.log" ]; then
    fail "$name: no network, no installs" "build.sh ran: $(head -n 3 "$tmp/forbidden.log" | tr '\n' ';')"
  else
    pass "$name: no network, no installs (apt-get, curl, wget, git clone, pip fail in the sandbox; none ran)"
  fi
  check_nothing_written "$name" "$d" "$stamp"
}

# check_nothing_written NAME DIR STAMP: the checkout copy is as before, and
# no file under a PF_SRC_* tree is newer than STAMP.
check_nothing_written() {
  local name=$1 d=$2 new="" src
  tree_state "$tmp/src/propfuzz" > "$d/tree.after"
  if ! cmp -s "$d/tree.before" "$d/tree.after"; then
    new="checkout: $(diff "$d/tree.before" "$d/tree.after" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
  fi
  for src in $(cut -d= -f2- "$tmp/sources.env"); do
    local n; n=$(find "$src" -newer "$3" -print -quit 2>/dev/null)
    [ -n "$n" ] && new+=" source: $n"
  done
  [ -z "$new" ] && pass "$name: nothing written into the checkout (\$SRC/propfuzz) or the library sources" ||
    fail "$name: build.sh wrote into its sources" "$new"
}
