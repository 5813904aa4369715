# shellcheck shell=bash
# propfuzz stats <target> [DIR...]: replays the corpus (or DIR...)
# in-process and prints, per property, how many inputs checked it, how
# many each restriction skipped, discards, events, rates and the
# distribution of every labelled draw.
# shellcheck source=replay.sh
. "$PF_PARTS/replay.sh"
pf_cmd_stats() {
  pf_target_arg
  local replay; replay=$(pf_need_bin replay) || exit 2
  pf_inputs
  [ ${#pf_in[@]} -gt 0 ] || exit 0
  PF_FINDINGS_DIR= PF_STATS=/dev/stdout exec "$replay" "${pf_engine[@]}" "${pf_in[@]}"
}
