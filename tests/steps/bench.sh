# Benchmarks that cannot rot: every bench/*.sh runs in its quick mode
# (PF_BENCH_QUICK=1: small N, one round, no timing assertions). A benchmark
# that no longer builds or runs is what this catches; its numbers are not
# read. Sourced by tests/run.sh (step, $logs).

# The draw-speed table of the -O2 build, printed into the test output.
step "bench/draw_speed" env PF_BENCH_QUICK=1 out/bench/draw_speed
grep -v 'passed,' "$logs/bench_draw_speed.log" 2>/dev/null | sed 's/^/    /'

for bench_script in bench/*.sh; do
  [ -f "$bench_script" ] || continue
  step "bench/$(basename "$bench_script")" env PF_BENCH_QUICK=1 bash "$bench_script"
done
