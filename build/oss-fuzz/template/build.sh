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
# OSS-Fuzz / ClusterFuzzLite build.sh for a library with propfuzz targets
# (propfuzz_add_target in its CMakeLists.txt). Runs in the library's
# checkout (the Dockerfile's WORKDIR; PF_PROJECT_DIR to say another).
#
# CMake builds propfuzz from $SRC/propfuzz (PF_PROPFUZZ_DIR) and the
# library with OSS-Fuzz's $CC $CFLAGS and $CXX $CXXFLAGS, and links each
# target's <name>-fuzz with $LIB_FUZZING_ENGINE (PROPFUZZ_ENGINE: no flags
# of propfuzz's own, the C++ linker). Then, per target, into $OUT:
# <name> itself, <name>_seed_corpus.zip (the top-level files of its corpus:
# regress/ and known/ hold failing inputs), <name>.dict when its dictionary
# is not empty, and <name>.options (a <name>.options beside the dictionary,
# else the dictionary and max_len = 4096). Writes only to $WORK and $OUT.
#
# A library built otherwise: compile properties/*/*.c of $SRC/propfuzz
# (not properties/drivers/) with "$CC $CFLAGS -std=c11 -I$SRC/propfuzz/include",
# your library and each target with $CC $CFLAGS, link each target with
# "$CXX $CXXFLAGS <objects> <libraries> $LIB_FUZZING_ENGINE -lm -o $OUT/<name>",
# and copy its seeds, dictionary and options as below.
: "${CC:?}" "${CXX:?}" "${OUT:?}" "${WORK:?}" "${SRC:?}"
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}
project=${PF_PROJECT_DIR:-$PWD}
propfuzz=${PF_PROPFUZZ_DIR:-$SRC/propfuzz}
build=$WORK/propfuzz-targets
[ -f "$propfuzz/cmake/propfuzzConfig.cmake" ] ||
  { echo "build.sh: $propfuzz is not a propfuzz checkout (set PF_PROPFUZZ_DIR)" >&2; exit 1; }
[ -f "$project/CMakeLists.txt" ] ||
  { echo "build.sh: $project has no CMakeLists.txt (run in your library's checkout, or set PF_PROJECT_DIR)" >&2; exit 1; }

# CMake takes $CC $CXX $CFLAGS $CXXFLAGS from the environment.
rm -rf "$build"
cmake -S "$project" -B "$build" -Dpropfuzz_DIR="$propfuzz/cmake" \
  -DPROPFUZZ_ENGINE="$LIB_FUZZING_ENGINE" -DCMAKE_BUILD_TYPE= -DBUILD_TESTING=OFF
list=$build/propfuzz-targets.tsv
[ -s "$list" ] || { echo "build.sh: $project defines no propfuzz_add_target" >&2; exit 1; }
cmake --build "$build" -j"$(nproc)" --target $(cut -f2 "$list" | xargs -n1 basename)

mkdir -p "$OUT"
while IFS=$'\t' read -r name bin corpus dict; do
  cp "$bin" "$OUT/$name"
  # Seeds: the corpus's top-level files, not its sidecars (*.expect and
  # the files they describe, dotfiles, README*).
  seeds=()
  if [ -d "$corpus" ]; then
    while IFS= read -r -d '' f; do
      case $(basename "$f") in .* | *.expect | *.report.txt | README*) continue ;; esac
      [ -e "$f.expect" ] || seeds+=("$f")
    done < <(find "$corpus" -mindepth 1 -maxdepth 1 -type f -print0 | sort -z)
  fi
  rm -f "$OUT/${name}_seed_corpus.zip"
  if [ ${#seeds[@]} -gt 0 ]; then
    zip -q -j "$OUT/${name}_seed_corpus.zip" "${seeds[@]}"
  else
    echo "build.sh: warning: $name has no seeds in $corpus (write them: $name-seeds $corpus)" >&2
  fi
  options=${dict%.dict}.options
  if [ -f "$options" ]; then
    cp "$options" "$OUT/$name.options"
  else
    {
      echo "[libfuzzer]"
      # libFuzzer refuses an empty -dict.
      [ -s "$dict" ] && echo "dict = $name.dict"
      echo "max_len = 4096"
    } > "$OUT/$name.options"
  fi
  [ -s "$dict" ] && cp "$dict" "$OUT/$name.dict"
  echo "build.sh: built $name"
done < "$list"
