# shellcheck shell=bash
# propfuzz examples <target> [DIR|FILE...]: the target as an ordinary unit
# test: the example runner (<target>-examples, or examples/<target> under
# --bin-dir) runs the corpus (or the arguments) and PF_EXAMPLES random
# examples; each distinct failure saved under --findings, shrunk and
# reported; "N passed, N failed", exit 1 on a failure. --time S and
# --seed N set PF_TIME and PF_SEED.
# shellcheck source=replay.sh
. "$PF_PARTS/replay.sh"
pf_cmd_examples() {
  pf_target_arg
  local bin; bin=$(pf_need_bin examples) || exit 2
  pf_inputs
  [ -n "$pf_time" ] && export PF_TIME=$pf_time
  [ -n "$pf_seed" ] && export PF_SEED=$pf_seed
  [ -n "$pf_known" ] && export PF_KNOWN=$pf_known
  PF_FINDINGS_DIR=$pf_findings exec "$bin" "${pf_engine[@]}" "${pf_in[@]}"
}
