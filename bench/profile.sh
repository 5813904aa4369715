#!/usr/bin/env bash
# Where a target's fuzzing time goes: each target runs under libFuzzer
# (-seed=1, its own options, on a fresh copy of its seeds, as
# bench/targets.sh runs it) inside `perf record` (DWARF stacks: ASan's
# runtime and libc keep no frame pointers), and every sample is
# charged to the first frame of its stack, from the leaf up, that is code
# of one of these:
#
#   library    the library under test (the symbols of its archives in
#              out/lib/fuzz/<lib>/, or a shared library it links)
#   harness    propfuzz: the target's harness, its adapters, libpropfuzz
#   libFuzzer  the engine (C++ symbols of the binary)
#
# Frames of the sanitizer and coverage runtimes (ASan's allocator and
# interceptors, UBSan's handlers, the __sanitizer_cov_* callbacks of the
# fuzzer's instrumentation), of libc and of the kernel are not owners:
# they are charged to the code that called them, so "library" is the
# library's time with its sanitizers and instrumentation, and its share
# "in runtime" says how much of that those took. "other" is what has no
# owner on its stack (process start-up). Also printed: the library
# functions with the most samples of their own code (runtime included).
#
#   bash bench/profile.sh [-t SECONDS] [TARGET...]
#
# Defaults: 20 s, the targets bench/RESULTS.md profiles. PF_BENCH_QUICK=1
# (make test): 2 s, codec only; it checks that perf ran and the samples
# were charged, not what they say. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=20 targets=()
while [ $# -gt 0 ]; do
  case $1 in
    -t) secs=$2; shift 2;;
    -*) echo "usage: bash bench/profile.sh [-t SECONDS] [TARGET...]" >&2; exit 2;;
    *) targets+=("$1"); shift;;
  esac
done
if [ "${PF_BENCH_QUICK:-}" = 1 ]; then secs=2; [ ${#targets[@]} -gt 0 ] || targets=(codec); fi
[ ${#targets[@]} -gt 0 ] || targets=(search zlib lz4 zstd codec cjson)
command -v perf >/dev/null 2>&1 || build/deps.sh packages linux-perf
perf_ok() { perf record -q -o /dev/null -- true >/dev/null 2>&1; }
perf_ok || { echo "bench/profile.sh: perf cannot record here (kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null); run as root or lower it)" >&2; exit 1; }
work=out/bench/profile
rm -rf "$work" && mkdir -p "$work"
make -s -j2 "${targets[@]/#/out/libfuzzer/}" >&2

echo "| target | samples | library | of which in runtime | harness | libFuzzer | other | library's hottest functions |"
echo "|---|---|---|---|---|---|---|---|"
for t in "${targets[@]}"; do
  dir=$work/$t
  mkdir -p "$dir/corpus" "$dir/seeds"
  find "corpus/$t" -maxdepth 1 -type f ! -name '*.expect' ! -name '*.txt' -exec cp {} "$dir/seeds/" \;
  # The library's symbols: what its archives define.
  : > "$dir/lib.syms"
  for l in $(make -s --no-print-directory "print-LIB_$t"); do
    nm --defined-only out/lib/fuzz/"$l"/*.a 2>/dev/null | awk 'NF == 3 {print $3}' >> "$dir/lib.syms"
  done
  # shellcheck disable=SC2046
  ASAN_OPTIONS=detect_leaks=0 PF_FINDINGS_DIR="$dir/findings" \
    perf record -q -F 250 --call-graph dwarf,16384 -o "$dir/perf.data" -- "out/libfuzzer/$t" -seed=1 \
    $(make -s --no-print-directory "print-LIBFUZZER_OPTS_$t") \
    -max_total_time="$secs" -artifact_prefix="$dir/" "$dir/corpus" "$dir/seeds" > "$dir/log" 2>&1 || true
  perf script -i "$dir/perf.data" -F ip,sym,dso --no-demangle 2>/dev/null |
    awk -v bin="out/libfuzzer/$t" -v libsyms="$dir/lib.syms" -v t="$t" '
      BEGIN { while ((getline s < libsyms) > 0) lib[s] = 1 }
      # The owner of a frame, or "" for runtime code (charged to a caller).
      function owner(sym, dso) {
        # An inlined frame is charged to the function it was inlined into.
        if (dso == "inlined" || dso ~ /kernel|vdso|\/libc\.so|\/libm\.so|ld-linux|libstdc|libgcc/ || sym == "[unknown]")
          return ""
        if (sym ~ /^(__sanitizer|__asan|__ubsan|__lsan|__interceptor_|__interception|_ZN11__sanitizer|_ZN6__asan|_ZN7__ubsan|_ZN6__lsan)/)
          return ""
        if (sym in lib) return "library"
        if (index(dso, bin) == 0 && dso !~ /\/out\/libfuzzer\//) return "library" # a shared library
        if (sym ~ /^_Z/) return "libFuzzer"
        return "harness"
      }
      function flush() {
        if (!n) return
        total++
        who = "other"; leafrt = 0
        for (i = 1; i <= n; i++) { who = owner(fs[i], fd[i]); if (who != "") break; leafrt = 1 }
        if (who == "") who = "other"
        share[who]++
        if (who == "library") { if (leafrt) rt++; own[fs[i]]++ }
        n = 0
      }
      /^[[:space:]]*$/ { flush(); next }
      { d = $NF; gsub(/[()]/, "", d); fs[++n] = $2; fd[n] = d }
      END {
        flush()
        if (!total) { print "| " t " | 0 | - | - | - | - | - | - |"; exit 1 }
        hot = ""
        for (k = 0; k < 4; k++) {
          best = ""; bv = 0
          for (f in own) if (own[f] > bv) { bv = own[f]; best = f }
          if (best == "") break
          hot = hot (hot ? ", " : "") sprintf("%s %.0f%%", best, 100 * bv / total)
          delete own[best]
        }
        pct = "%.0f%%"
        printf "| %s | %d | " pct " | " pct " | " pct " | " pct " | " pct " | %s |\n", t, total,
          100 * share["library"] / total, share["library"] ? 100 * rt / share["library"] : 0,
          100 * share["harness"] / total, 100 * share["libFuzzer"] / total,
          100 * share["other"] / total, hot
      }' || { echo "bench/profile.sh: no samples for $t (log: $dir/log)" >&2; exit 1; }
done
echo
echo "($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); libFuzzer ${secs} s per target, perf at 250 Hz, DWARF stacks)"
