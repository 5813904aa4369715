#!/bin/bash -eu
# Copyright 2026 the propfuzz authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
################################################################################
# OSS-Fuzz / ClusterFuzzLite build script for propfuzz (design §7).
#
# Builds every target harness/<target>.c (but those in build/oss-fuzz/left-out)
# with the engine's $CC $CFLAGS, links it with $CXX $CXXFLAGS ...
# $LIB_FUZZING_ENGINE, and puts beside each binary in $OUT:
# <target>_seed_corpus.zip (the top-level files of corpus/<target>/ only:
# regress/ and known/ hold failing inputs), <target>.dict (when
# dict/<target>.dict is not empty) and <target>.options.
#
# The libraries of a target are named in build/targets/<target>.mk:
# LIB_<target> := <lib>... is built by build/lib-<lib>.sh <dir> <cc> <cflags>;
# its adapters (ADAPTERS_<target> := <a>...) are adapters/<a>.c; a system
# library (LDLIBS_<target> := -l<name>) is built from source by the
# script build/oss-fuzz/system-libs names for it. Their sources come only from
# PF_SRC_<package> (the Dockerfile sets one per package): nothing is fetched,
# nothing installed. Runs from $SRC/propfuzz, or from $PF_ROOT when set.
# Writes only to $WORK and $OUT, never into the source tree.

: "${CC:?}" "${CXX:?}" "${OUT:?}" "${WORK:?}"
CFLAGS=${CFLAGS:-} CXXFLAGS=${CXXFLAGS:-} LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:-}
# A library whose PF_SRC_* is missing fails with a one-line error naming it.
export PF_NO_FETCH=${PF_NO_FETCH-1}
export PF_CACHE=${PF_CACHE:-$WORK/propfuzz-cache}

cd "${PF_ROOT:-$SRC/propfuzz}"
[ -f include/propfuzz.h ] && [ -f Makefile ] ||
  { echo "propfuzz build.sh: $PWD is not a propfuzz checkout" >&2; exit 1; }

build=$WORK/propfuzz
rm -rf "$build" && mkdir -p "$build/obj" "$OUT"

# --- libpropfuzz: properties/<part>/*.c without the drivers (a main each) ----
for c in properties/*/*.c; do
  case $c in properties/drivers/*) continue ;; esac
  $CC $CFLAGS -std=c11 -Iinclude -c "$c" -o "$build/obj/pf_$(basename "${c%.c}").o"
done
ar rcs "$build/libpropfuzz.a" "$build"/obj/pf_*.o

# var_of <name>: the value of a ':='/'=' variable in the Makefile or
# build/targets/*.mk, or nothing.
var_of() {
  sed -n "s/^[[:space:]]*$1[[:space:]]*:\{0,2\}=[[:space:]]*\([^#]*\).*/\1/p" \
    Makefile build/targets/*.mk 2>/dev/null | tail -n 1
}
# field_of <file> <key>: the rest of the line of build/oss-fuzz/<file> that
# starts with <key>; fails when there is none.
field_of() {
  awk -v k="$2" '$1 == k { sub(/^[^ \t]+[ \t]*/, ""); print; found = 1; exit }
                 END { exit !found }' "build/oss-fuzz/$1"
}

targets=()
for h in harness/*.c; do
  [ -f "$h" ] && targets+=("$(basename "${h%.c}")")
done
[ ${#targets[@]} -gt 0 ] || { echo "propfuzz build.sh: no harness/*.c" >&2; exit 1; }
# PF_OSSFUZZ_TARGETS="a b": build only those.
if [ -n "${PF_OSSFUZZ_TARGETS:-}" ]; then
  read -r -a targets <<< "$PF_OSSFUZZ_TARGETS"
fi

# libs_of <target>: LIB_<target>, then the libraries built for its -l flags.
libs_of() {
  local t=$1 flag lib
  echo "$(var_of "LIB_$t")"
  for flag in $(var_of "LDLIBS_$t"); do
    if ! lib=$(field_of system-libs "$flag"); then
      echo "propfuzz build.sh: $t links $flag from the system; add \"$flag <lib>\" to build/oss-fuzz/system-libs (with build/lib-<lib>.sh and its source in the Dockerfile), or list $t in build/oss-fuzz/left-out" >&2
      return 1
    fi
    [ "$lib" = - ] || echo "$lib"
  done
}

built=() left_out=() built_libs=" "
for t in "${targets[@]}"; do
  [ -f "harness/$t.c" ] || { echo "propfuzz build.sh: no harness/$t.c" >&2; exit 1; }
  if why=$(field_of left-out "$t"); then
    echo "propfuzz build.sh: leaving out $t: $why" >&2
    left_out+=("$t")
    continue
  fi
  libs=$(libs_of "$t")
  inc=() archives=()
  for lib in $libs; do
    libdir=$WORK/lib/$lib
    if [[ $built_libs != *" $lib "* ]]; then
      [ -x "build/lib-$lib.sh" ] ||
        { echo "propfuzz build.sh: $t needs $lib but build/lib-$lib.sh is missing" >&2; exit 1; }
      # shellcheck disable=SC2086  # CFLAGS is a list of flags
      "build/lib-$lib.sh" "$libdir" "$CC" $CFLAGS
      built_libs+="$lib "
    fi
    inc+=(-isystem "$libdir/include")  # system headers: not held to -Werror
    archives+=("$libdir"/*.a)
  done

  # A target is harness/<t>.c, harness/<t>/*.c and its adapters
  # (ADAPTERS_<t>: adapters/<a>.c), as in the Makefile.
  objs=()
  for src in "harness/$t.c" harness/"$t"/*.c \
             $(for a in $(var_of "ADAPTERS_$t"); do echo "adapters/$a.c"; done); do
    [ -f "$src" ] || continue
    obj=$build/obj/$t/$(basename "${src%.c}").o
    mkdir -p "$(dirname "$obj")"
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 -Iinclude -Iadapters "${inc[@]}" -c "$src" -o "$obj"
    objs+=("$obj")
  done
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS "${objs[@]}" "$build/libpropfuzz.a" "${archives[@]}" \
    $LIB_FUZZING_ENGINE -lm -o "$OUT/$t"

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
    # The target's own libFuzzer options (-name=value each).
    for o in $(var_of "LIBFUZZER_OPTS_$t"); do
      o=${o#-}
      echo "${o%%=*} = ${o#*=}"
    done
  } > "$OUT/$t.options"
  built+=("$t")
done

echo "propfuzz build.sh: built ${built[*]:-nothing} into $OUT"
[ ${#left_out[@]} -eq 0 ] || echo "propfuzz build.sh: left out ${left_out[*]} (build/oss-fuzz/left-out)"
