#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script for propfuzz (design §7).
#
# Builds every target harness/<target>.c with the engine's $CC $CFLAGS,
# links it with $CXX $CXXFLAGS ... $LIB_FUZZING_ENGINE, and puts beside each
# binary in $OUT: <target>_seed_corpus.zip (the top-level files of
# corpus/<target>/ only: regress/ and known/ hold failing inputs),
# <target>.dict (when dict/<target>.dict is not empty) and <target>.options.
#
# The library under test of a target is named in the Makefile
# (LIB_<target> := <lib>) and built by build/lib-<lib>.sh <dir> <cc> <cflags>;
# its adapters (ADAPTERS_<target> := <a>...) are adapters/<a>.c;
# point it at a source tree with PF_SRC_<package> (the Dockerfile does).
# Runs from $SRC/propfuzz, or from $PF_ROOT when set. Writes only to $WORK
# and $OUT, never into the source tree.

: "${CC:?}" "${CXX:?}" "${OUT:?}" "${WORK:?}"
CFLAGS=${CFLAGS:-} CXXFLAGS=${CXXFLAGS:-} LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:-}

cd "${PF_ROOT:-$SRC/propfuzz}"
[ -f include/propfuzz.h ] && [ -f Makefile ] ||
  { echo "propfuzz build.sh: $PWD is not a propfuzz checkout" >&2; exit 1; }

build=$WORK/propfuzz
rm -rf "$build" && mkdir -p "$build/obj" "$build/lib" "$OUT"

# --- libpropfuzz: properties/*.c without the two drivers that have a main ---
for c in properties/*.c; do
  case $c in properties/*_main.c) continue ;; esac  # drivers with a main()
  $CC $CFLAGS -std=c11 -Iinclude -c "$c" -o "$build/obj/pf_$(basename "${c%.c}").o"
done
rm -f "$build/libpropfuzz.a"
ar rcs "$build/libpropfuzz.a" "$build"/obj/pf_*.o

# var_of <name>: the value of a ':='/'=' variable in the Makefile, or nothing
# (LIB_<target> lists libraries, LDLIBS_<target> system link flags).
var_of() {
  sed -n "s/^[[:space:]]*$1[[:space:]]*:\{0,2\}=[[:space:]]*\([^#]*\).*/\1/p" \
    Makefile build/targets/*.mk 2>/dev/null | tail -n 1
}

targets=()
for h in harness/*.c; do
  [ -f "$h" ] && targets+=("$(basename "${h%.c}")")
done
[ ${#targets[@]} -gt 0 ] || { echo "propfuzz build.sh: no harness/*.c" >&2; exit 1; }
# PF_OSSFUZZ_TARGETS="a b": build only those (the local simulation keeps to
# a few so that make test fits CI's time).
if [ -n "${PF_OSSFUZZ_TARGETS:-}" ]; then
  read -r -a targets <<< "$PF_OSSFUZZ_TARGETS"
fi

built_libs=" "
for t in "${targets[@]}"; do
  # A target on Debian's shared libraries (PKGS_<t>) cannot run in OSS-Fuzz's
  # runner image, which has none of them: it is left out there.
  if [ -n "$(var_of "PKGS_$t")" ] && [ -z "${PF_OSSFUZZ_SYSTEM_LIBS:-}" ]; then
    echo "propfuzz build.sh: skipping $t (links system packages: $(var_of "PKGS_$t"))" >&2
    continue
  fi
  inc=() archives=()
  for lib in $(var_of "LIB_$t"); do
    libdir=$WORK/lib/$lib
    if [[ $built_libs != *" $lib "* ]]; then
      [ -x "build/lib-$lib.sh" ] ||
        { echo "propfuzz build.sh: LIB_$t names $lib but build/lib-$lib.sh is missing" >&2; exit 1; }
      # shellcheck disable=SC2086  # CFLAGS is a list of flags
      "build/lib-$lib.sh" "$libdir" "$CC" $CFLAGS
      built_libs+="$lib "
    fi
    inc+=(-I"$libdir/include")
    archives+=("$libdir"/*.a)
  done
  read -r -a syslibs <<< "$(var_of "LDLIBS_$t")"

  # The harness and its adapters (ADAPTERS_<t>: adapters/<a>.c).
  objs=()
  for src in "harness/$t.c" $(for a in $(var_of "ADAPTERS_$t"); do echo "adapters/$a.c"; done); do
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 -Iinclude -Iadapters "${inc[@]}" -c "$src" \
      -o "$build/obj/$t-$(basename "${src%.c}").o"
    objs+=("$build/obj/$t-$(basename "${src%.c}").o")
  done
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS "${objs[@]}" "$build/libpropfuzz.a" "${archives[@]}" \
    "${syslibs[@]}" $LIB_FUZZING_ENGINE -lm -o "$OUT/$t"

  # Seeds: top-level files of corpus/<t>/ (not regress/, not known/, no
  # .expect sidecars or files that have one).
  seeds=()
  if [ -d "corpus/$t" ]; then
    while IFS= read -r -d '' f; do
      case $(basename "$f") in .* | *.expect) continue ;; esac
      [ -e "$f.expect" ] && continue
      seeds+=("$f")
    done < <(find "corpus/$t" -mindepth 1 -maxdepth 1 -type f -print0 | sort -z)
  fi
  rm -f "$OUT/${t}_seed_corpus.zip"
  if [ ${#seeds[@]} -gt 0 ]; then
    zip -q -j "$OUT/${t}_seed_corpus.zip" "${seeds[@]}"
  else
    echo "propfuzz build.sh: warning: corpus/$t/ has no seeds" >&2
  fi

  {
    echo "[libfuzzer]"
    # An empty dictionary is no dictionary: libFuzzer refuses -dict=<empty>.
    if [ -s "dict/$t.dict" ]; then
      cp "dict/$t.dict" "$OUT/$t.dict"
      echo "dict = $t.dict"
    fi
    echo "max_len = 4096"
  } > "$OUT/$t.options"
done

echo "propfuzz build.sh: built ${targets[*]} into $OUT"
