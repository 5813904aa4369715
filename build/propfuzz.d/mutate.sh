# shellcheck shell=bash
# propfuzz mutate <target>: mutation analysis (faults planted in the
# library, each fuzzed with and without the properties; README, Mutation
# analysis). One runner, build/mutate/run.sh, for both kinds of library:
#   - a target of the propfuzz source tree (harness/<target>.c), without
#     --compdb: make mutate-<target> there;
#   - a library built by its own project (--compdb compile_commands.json):
#     its sources and their compile commands from the database
#     (build/mutate/compdb.sh), the harness from CMake's <target>-fuzz
#     (propfuzz_add_target) or --harness, linked with this propfuzz.
# Settings: --mutants N|all, --time S (per mutant and run), --jobs N,
# --seed N, --min-score PCT (exit 1 below it), --baseline FILE...
# (--baseline-time S: each one's fuzzing, --time unless given),
# --corpus DIR, --dict FILE, --sources GLOB..., --libs 'LINK FLAGS',
# --equivalent FILE (lines "<id> <reason>"), --out DIR.
pf_cmd_mutate() {
  pf_target_arg
  local root; root=$(cd "$PF_PARTS/../.." 2>/dev/null && pwd)
  if [ -z "$pf_compdb" ]; then
    if [ -f "$root/build/mutate/run.sh" ] && [ -f "$root/harness/$pf_t.c" ]; then
      local vars=()
      [ -z "$pf_mutants" ] || vars+=("MUTANTS=$pf_mutants")
      [ -z "$pf_time" ] || vars+=("MUTANT_TIME=$pf_time")
      [ -z "$pf_seed" ] || vars+=("SEED=$pf_seed")
      [ -z "$pf_min_score" ] || vars+=("MIN_SCORE=$pf_min_score")
      [ "$pf_jobs" = 1 ] || vars+=("JOBS=$pf_jobs")
      exec make -C "$root" -s --no-print-directory "mutate-$pf_t" "${vars[@]}"
    fi
    pf_die "mutate: no compilation database for $pf_t's library: pass --compdb <build>/compile_commands.json (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; any build: bear -- make)"
  fi
  pf_mutate_compdb
}

# The runner's directory: build/mutate in a checkout, libexec/propfuzz/mutate
# installed.
pf_mutate_dir() {
  local d
  for d in "$PF_PARTS/mutate" "$PF_PARTS/../mutate"; do
    [ -f "$d/run.sh" ] && { (cd "$d" && pwd); return; }
  done
  pf_die "mutate: the mutation runner is missing beside $PF_PARTS (reinstall propfuzz)"
}

# The libpropfuzz a mutant links and the flags of its flavours: an
# installed propfuzz's own (lib/, include/, the .pc files' Cflags), or this
# checkout's (make install-libs). Sets pf_mt_lib, pf_mt_inc, pf_mt_san,
# pf_mt_cov.
pf_mutate_propfuzz() {
  local prefix; prefix=$(cd "$PF_PARTS/../.." 2>/dev/null && pwd)
  if [ -f "$prefix/lib/libpropfuzz-san.a" ] && [ -f "$prefix/lib/pkgconfig/propfuzz-san.pc" ]; then
    pf_mt_lib=$prefix/lib pf_mt_inc=$prefix/include
    pf_mt_san=$(sed -n 's/^Cflags: -I[^ ]*//p' "$prefix/lib/pkgconfig/propfuzz-san.pc")
    pf_mt_cov=$(sed -n 's/^Cflags: -I[^ ]*//p' "$prefix/lib/pkgconfig/propfuzz-cov.pc")
  elif [ -f "$PF_PARTS/../../Makefile" ] && [ -d "$PF_PARTS/../../properties" ]; then
    local top; top=$(cd "$PF_PARTS/../.." && pwd)
    make -C "$top" -s --no-print-directory install-libs >&2 ||
      pf_die "mutate: building libpropfuzz in $top failed"
    pf_mt_lib=$top/out/install-build/lib pf_mt_inc=$top/include
    pf_mt_san="$(make -C "$top" -s --no-print-directory print-DBG) $(make -C "$top" -s --no-print-directory print-SAN)"
    pf_mt_cov=$(make -C "$top" -s --no-print-directory print-COV)
  else
    pf_die "mutate: no libpropfuzz-san.a beside this command ($prefix/lib); reinstall propfuzz (make install)"
  fi
  local a
  for a in libpropfuzz-san.a libpropfuzz-cov.a libpropfuzz-cov-replay.a; do
    [ -f "$pf_mt_lib/$a" ] || pf_die "mutate: $pf_mt_lib/$a is missing; reinstall propfuzz (make install)"
  done
}

# The mutant generator: installed beside the parts (make install built it
# where libclang was), this checkout's (make), or built now from the
# runner's sources into DIR/.tool (once; again when they change).
pf_mutate_mutgen() { # MUTATE-DIR TOOL-DIR
  local mdir=$1 tool=$2/pf-mutgen top llvm='' d
  if [ -x "$PF_PARTS/pf-mutgen" ]; then echo "$PF_PARTS/pf-mutgen"; return; fi
  top=$(cd "$mdir/../.." && pwd)
  if [ -f "$top/build/mk/mutate.mk" ]; then
    make -C "$top" -s --no-print-directory out/mutate/tool/pf-mutgen >&2 ||
      pf_die "mutate: building pf-mutgen in $top failed (it needs libclang-dev)"
    echo "$top/out/mutate/tool/pf-mutgen"; return
  fi
  if [ -x "$tool" ] && [ -z "$(find "$mdir" -name 'mutgen*' -newer "$tool")" ]; then echo "$tool"; return; fi
  for d in "$(llvm-config --prefix 2>/dev/null)" /usr/lib/llvm-{19,18,17,16,15,14}; do
    [ -n "$d" ] && [ -f "$d/include/clang-c/Index.h" ] && ls "$d"/lib/libclang.so* >/dev/null 2>&1 &&
      { llvm=$d; break; }
  done
  [ -n "$llvm" ] ||
    pf_die "mutate: libclang is missing (pf-mutgen reads C with it): install it (Debian: apt-get install libclang-dev) and run again"
  mkdir -p "$(dirname "$tool")"
  pf_say "building the mutant generator into $tool" >&2
  clang -std=c11 -g -O1 -I"$llvm/include" "$mdir"/mutgen_*.c -L"$llvm/lib" -lclang \
    -Wl,-rpath,"$llvm/lib" -o "$tool" >&2 || pf_die "mutate: building pf-mutgen with $llvm failed"
  echo "$tool"
}

# A library built by its own project, from its compilation database.
pf_mutate_compdb() {
  local mdir out corpus dict tool p
  mdir=$(pf_mutate_dir)
  for tool in clang llvm-profdata llvm-cov; do
    command -v $tool >/dev/null || pf_die "mutate: $tool is missing (it builds and measures the mutants): install clang and llvm"
  done
  pf_default_paths
  out=${pf_out:-propfuzz-mutate/$pf_t}
  mkdir -p "$out" && out=$(cd "$out" && pwd) || pf_die "mutate: cannot write to $out; pass --out DIR"
  corpus=$pf_corpus
  [ -d "$corpus" ] || pf_die "mutate: no corpus at $corpus (the mutants replay it first; write seeds: propfuzz seeds $pf_t), or pass --corpus DIR"
  corpus=$(cd "$corpus" && pwd)
  dict=/dev/null
  if [ -f "$pf_dict" ]; then dict=$(realpath "$pf_dict")
  elif [ "$pf_dict_given" = 1 ]; then pf_die "no dictionary at $pf_dict; fix --dict or leave it out"; fi
  local equiv=/dev/null
  if [ -n "$pf_equivalent" ]; then
    [ -f "$pf_equivalent" ] || pf_die "mutate: no file $pf_equivalent; fix --equivalent or leave it out"
    equiv=$(realpath "$pf_equivalent")
  fi
  pf_mutate_propfuzz
  export PF_MUTGEN; PF_MUTGEN=$(pf_mutate_mutgen "$mdir" "$(dirname "$out")/.tool") || exit 2

  # The library's entries and the harness (compdb.sh select).
  export PF_MUTATE_OUT=$out PF_COMPDB_HARNESS PF_COMPDB_SOURCES
  PF_COMPDB_HARNESS=$(printf '%s\n' "${pf_harness[@]}")
  PF_COMPDB_SOURCES=$(printf '%s\n' "${pf_sources[@]}")
  "$mdir/compdb.sh" select "$pf_compdb" "$pf_t" "$out/compdb" || exit 2
  local hflags harness
  hflags=$(cat "$out/compdb/hflags")
  harness=$(paste -sd' ' "$out/compdb/harness.txt")

  # The runner's target: the flavours the in-tree targets get (libFuzzer
  # with ASan+UBSan, and source coverage), from this propfuzz's flags.
  export CC=clang CXX=clang++ PF_MUTATE_HARNESS="$harness" PF_MUTATE_LIBS="$pf_t" \
    PF_MUTATE_LDLIBS="$pf_libs" PF_MUTATE_CORPUS="$corpus" PF_MUTATE_DICT="$dict" \
    PF_MUTATE_LIBFLAGS="$pf_mt_san -fsanitize=fuzzer-no-link" \
    PF_MUTATE_HFLAGS="$pf_mt_san -fsanitize=fuzzer $hflags" \
    PF_MUTATE_LINKFLAGS="$pf_mt_san -fsanitize=fuzzer" \
    PF_MUTATE_COV_LIBFLAGS="$pf_mt_cov" PF_MUTATE_COV_HFLAGS="$pf_mt_cov $hflags" \
    PF_PROPFUZZ_A="$pf_mt_lib/libpropfuzz-san.a" PF_PROPFUZZ_COV_A="$pf_mt_lib/libpropfuzz-cov.a" \
    PF_REPLAY_MAIN_COV_O="$pf_mt_lib/libpropfuzz-cov-replay.a" \
    PF_MUTATE_LIB_SCRIPTS="$out/compdb" PF_MUTATE_PROJECT="$PWD" PF_MUTATE_INCLUDE="$pf_mt_inc" \
    PF_MUTATE_EQUIVALENT="$equiv" PF_MUTATE_EQUIVALENT_HINT="${pf_equivalent:-a file given to --equivalent}" MUTANTS="${pf_mutants:-all}" MUTANT_TIME="${pf_time:-10}" \
    JOBS="$pf_jobs" SEED="${pf_seed:-1}" MIN_SCORE="$pf_min_score"
  unset MUTATE_GATE SHARD MUTANT_IDS PF_MUTATE_OWN_FUZZER
  if [ ${#pf_baselines[@]} -gt 0 ]; then
    local b=()
    for p in "${pf_baselines[@]}"; do
      [ -f "$p" ] || pf_die "mutate: no baseline fuzz target $p; fix --baseline"
      b+=("$(realpath "$p")")
    done
    export BASELINE="${b[*]}" BASELINE_CFLAGS="${BASELINE_CFLAGS:-$hflags}"
    if [ -n "$pf_baseline_time" ]; then export BASELINE_TIME=$pf_baseline_time; else unset BASELINE_TIME; fi
  else
    unset BASELINE
  fi
  exec "$mdir/run.sh" "$pf_t"
}
