# Sourced by tests/ossfuzz_check.sh: the tally, the checks of the
# integration files (build/oss-fuzz/, .clusterfuzzlite/, the README) and of
# what build.sh leaves in $OUT. Needs $root.

passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}

# field_of FILE KEY: as build.sh's (the rest of KEY's line in build/oss-fuzz/FILE).
field_of() {
  awk -v k="$2" '$1 == k { sub(/^[^ \t]+[ \t]*/, ""); print; found = 1; exit }
                 END { exit !found }' "$root/build/oss-fuzz/$1"
}

# expected_targets: the harnesses build.sh builds (PF_OSSFUZZ_TARGETS, else
# all), without the left-out ones.
expected_targets() {
  local t all=()
  if [ -n "${PF_OSSFUZZ_TARGETS:-}" ]; then
    read -r -a all <<< "$PF_OSSFUZZ_TARGETS"
  else
    for t in "$root"/harness/*.c; do all+=("$(basename "${t%.c}")"); done
  fi
  for t in "${all[@]}"; do field_of left-out "$t" >/dev/null || echo "$t"; done
}

# The README's section on OSS-Fuzz, from its heading to the next (read
# whole: grep -q on a pipe would cut it short, and pipefail fail it).
readme_section() {
  awk '/^## OSS-Fuzz and ClusterFuzzLite/{s=1; next} /^## /{s=0} s' "$root/README.md"
}
# in_readme TEXT: TEXT is in that section.
in_readme() { grep -qF -- "$1" <<<"$(readme_section)"; }

# library_block FILE: the Dockerfile lines between the library markers.
library_block() {
  sed -n '/^# --- libraries under test/,/^# --- end of libraries under test/p' "$1"
}

check_integration_files() {
  local f ok=1 bad="" dock=$root/build/oss-fuzz/Dockerfile yaml=$root/build/oss-fuzz/project.yaml
  # OSS-Fuzz's presubmit (infra/presubmit.py check_license) wants this URL in
  # every Dockerfile and *.sh of a project.
  for f in build/oss-fuzz/Dockerfile build/oss-fuzz/build.sh; do
    grep -q 'http://www.apache.org/licenses/LICENSE-2.0' "$root/$f" || bad+="$f "
  done
  [ -z "$bad" ] && pass "presubmit: license header in build.sh and Dockerfile" ||
    fail "presubmit: license header" "missing in $bad"
  # check_lib_fuzzing_engine and check_apt_update.
  if grep -v '^[[:space:]]*#' "$root/build/oss-fuzz/build.sh" | grep -q -- '-lFuzzingEngine' ||
     grep -qE 'RUN apt(-get)? install' "$dock" "$root/.clusterfuzzlite/Dockerfile"; then
    fail "presubmit: \$LIB_FUZZING_ENGINE, apt-get update before install" "-lFuzzingEngine in build.sh or RUN apt-get install without update"
  else
    pass "presubmit: \$LIB_FUZZING_ENGINE (no -lFuzzingEngine), apt-get update before install"
  fi
  check_placeholders "$dock" "$yaml"
  check_project_yaml "$yaml"
  if [ -n "$(library_block "$dock")" ] &&
     cmp -s <(library_block "$dock") <(library_block "$root/.clusterfuzzlite/Dockerfile"); then
    pass "Dockerfiles: .clusterfuzzlite/ provides the same library sources as build/oss-fuzz/"
  else
    fail "Dockerfiles: library sources" "the blocks between '# --- libraries under test' and '# --- end of libraries under test' differ (or are missing)"
  fi
  check_left_out_documented
}

# check_placeholders DOCKERFILE PROJECT_YAML: the propfuzz clone URL is
# main_repo, and the README names every FILL IN of both files.
check_placeholders() {
  local url repo keys k missing=""
  url=$(sed -n 's|^RUN git clone .* \(https://[^ ]*propfuzz[^ ]*\) \$SRC/propfuzz$|\1|p' "$1")
  repo=$(sed -n 's/^main_repo:[[:space:]]*"\([^"]*\)".*/\1/p' "$2")
  if [ -n "$url" ] && [ "$url" = "$repo" ]; then
    pass "Dockerfile clones main_repo of project.yaml ($url)"
  else
    fail "Dockerfile clone URL" "'${url:-none}' is not main_repo '${repo:-none}'"
  fi
  keys=$(grep -o '^[a-z_]*:.*FILL IN' "$2" | cut -d: -f1)
  for k in $keys; do in_readme "\`$k\`" || missing+="project.yaml:$k "; done
  grep -q 'FILL IN' "$1" && ! in_readme "$url" && missing+="Dockerfile "
  if [ -n "$keys" ] && [ -z "$missing" ]; then
    pass "README says what to fill in: $(xargs <<<"$keys") and the Dockerfile's clone URL"
  else
    fail "README: what to fill in" "not described: ${missing:-project.yaml has no FILL IN marks}"
  fi
}

# check_project_yaml FILE: the sanitizers and engines this test checks.
check_project_yaml() {
  local san eng ok=1
  for san in address undefined memory; do
    sed -n '/^sanitizers:/,/^[a-z]/p' "$1" | grep -q -- "- $san\$" || ok=0
  done
  for eng in libfuzzer afl; do
    sed -n '/^fuzzing_engines:/,/^[a-z]/p' "$1" | grep -q -- "- $eng\$" || ok=0
  done
  [ $ok = 1 ] && pass "project.yaml: sanitizers address, undefined, memory; engines libfuzzer, afl" ||
    fail "project.yaml" "sanitizers address/undefined/memory and engines libfuzzer/afl expected"
}

check_left_out_documented() {
  local t missing=""
  while read -r t _; do
    case $t in '' | '#'*) continue ;; esac
    [ -f "$root/harness/$t.c" ] || missing+="$t(no harness) "
    in_readme "\`$t\`" || missing+="$t "
  done < "$root/build/oss-fuzz/left-out"
  [ -z "$missing" ] && pass "left-out targets ($(grep -v '^#' "$root/build/oss-fuzz/left-out" | cut -d' ' -f1 | xargs)) are harnesses named in the README" ||
    fail "left-out targets" "not named in the README's OSS-Fuzz section (or no harness): $missing"
}

# fuzz_targets OUT: what test_all.py's find_fuzz_targets picks: executable
# ELF files with LLVMFuzzerTestOneInput, not afl-*, jazzer_*, llvm-symbolizer.
fuzz_targets() {
  local f n
  for f in "$1"/*; do
    n=$(basename "$f")
    case $n in llvm-symbolizer | afl-* | jazzer_*) continue ;; esac
    [ -f "$f" ] && [ -x "$f" ] || continue
    file "$f" | grep -q ELF || continue
    grep -aq LLVMFuzzerTestOneInput "$f" || continue
    echo "$n"
  done | sort
}

# seeds_of SRCROOT T: the top-level seed names of corpus/<t>/ (build.sh's rule).
seeds_of() {
  local f n
  [ -d "$1/corpus/$2" ] || return 0
  find "$1/corpus/$2" -mindepth 1 -maxdepth 1 -type f | while IFS= read -r f; do
    n=$(basename "$f")
    case $n in .* | *.expect) continue ;; esac
    [ -e "$f.expect" ] && continue
    echo "$n"
  done | sort
}

# check_out_files NAME OUT SRCROOT: fuzz targets, seed zips, dicts, options.
check_out_files() {
  local name=$1 out=$2 src=$3 t want got
  want=$(expected_targets | sort)
  got=$(fuzz_targets "$out")
  if [ "$got" = "$want" ]; then
    pass "$name: \$OUT holds exactly the fuzz targets ($(xargs <<<"$got"))"
  else
    fail "$name: \$OUT holds exactly the fuzz targets" "want [$(xargs <<<"$want")], found [$(xargs <<<"$got")]"
  fi
  for t in $want; do
    check_seed_zip "$name/$t" "$out/${t}_seed_corpus.zip" "$src" "$t"
    if [ -s "$src/dict/$t.dict" ] && ! cmp -s "$out/$t.dict" "$src/dict/$t.dict"; then
      fail "$name/$t: $t.dict" "missing or not dict/$t.dict"
    fi
    local o=$out/$t.options own=() missing=
    # The target's own options (LIBFUZZER_OPTS_<t>), each as "name = value".
    read -ra own < <(sed -n "s/^LIBFUZZER_OPTS_$t[[:space:]]*:*=[[:space:]]*//p" \
                       "$src/build/targets/$t.mk" 2>/dev/null)
    for f in "${own[@]}"; do
      f=${f#-}
      grep -qx "${f%%=*} = ${f#*=}" "$o" 2>/dev/null || missing+=" ${f%%=*}"
    done
    if [ -f "$o" ] && grep -qx '\[libfuzzer\]' "$o" && grep -qx 'max_len = 4096' "$o" &&
       { [ ! -s "$src/dict/$t.dict" ] || grep -qx "dict = $t.dict" "$o"; } && [ -z "$missing" ]; then
      pass "$name/$t: $t.options and $t.dict${own[*]:+ (and ${own[*]})}"
    else
      fail "$name/$t: $t.options" "missing, or lacks [libfuzzer] / dict = $t.dict (for a non-empty dict) / max_len = 4096 / its LIBFUZZER_OPTS_$t${missing:+ (missing:$missing)}"
    fi
  done
}

# check_seed_zip NAME ZIP SRCROOT T: exactly the top-level seeds, byte for
# byte, and no failing input (regress/, known/) under any name.
check_seed_zip() {
  local name=$1 zip=$2 src=$3 t=$4 entries seeds bad="" e f d sums
  [ -s "$zip" ] || { fail "$name: seed corpus zip" "$zip missing or empty"; return; }
  entries=$(unzip -Z1 "$zip" 2>/dev/null | sort)
  seeds=$(seeds_of "$src" "$t")
  if [ -z "$entries" ]; then
    bad="holds no files"
  elif [ "$entries" != "$seeds" ]; then
    bad="not the top-level seeds: extra [$(comm -23 <(echo "$entries") <(echo "$seeds") | xargs)], missing [$(comm -13 <(echo "$entries") <(echo "$seeds") | xargs)]"
  else
    for e in $entries; do
      unzip -p "$zip" "$e" | cmp -s - "$src/corpus/$t/$e" || bad+="$e differs from corpus/$t/$e; "
    done
    sums=$(for e in $entries; do unzip -p "$zip" "$e" | sha256sum | cut -d' ' -f1; done)
    for d in regress known; do
      [ -d "$src/corpus/$t/$d" ] || continue
      while IFS= read -r f; do
        grep -qx "$(sha256sum <"$f" | cut -d' ' -f1)" <<<"$sums" && bad+="holds the bytes of ${f#"$src"/}; "
      done < <(find "$src/corpus/$t/$d" -type f ! -name '*.expect')
    done
  fi
  [ -z "$bad" ] && pass "$name: ${t}_seed_corpus.zip holds exactly the $(wc -l <<<"$entries") top-level seeds" ||
    fail "$name: ${t}_seed_corpus.zip" "$bad"
}

# check_no_fetch_error: with fetching disabled, a library whose PF_SRC_*
# is missing fails at once, with one line naming the variable.
check_no_fetch_error() {
  local out rc=0
  out=$(env -u PF_SRC_cjson PF_NO_FETCH=1 PATH="$tmp/bin:$PATH" \
        "$root/build/lib-cjson.sh" "$tmp/no-fetch" clang -O0 2>&1) || rc=$?
  if [ $rc != 0 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q 'PF_SRC_cjson' <<<"$out" &&
     [ ! -s "$tmp/forbidden.log" ]; then
    pass "fetching disabled: a library without its PF_SRC_* stops with one line ($out)"
  else
    fail "fetching disabled" "exit $rc, output: $(head -n 3 <<<"$out" | tr '\n' ' ')"
  fi
}
