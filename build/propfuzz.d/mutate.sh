# shellcheck shell=bash
# propfuzz mutate <target>: mutation analysis (faults planted in the
# library, each fuzzed with and without the properties). Only for a target
# of the propfuzz source tree for now: it runs make mutate-<target> there.
pf_cmd_mutate() {
  pf_target_arg
  local root; root=$(cd "$PF_PARTS/../.." 2>/dev/null && pwd)
  if [ -f "$root/build/mutate/run.sh" ] && [ -f "$root/harness/$pf_t.c" ]; then
    exec make -C "$root" -s --no-print-directory "mutate-$pf_t"
  fi
  pf_die "mutate: not yet for a target outside the propfuzz tree (harness/$pf_t.c); see the README's Mutation analysis"
}
