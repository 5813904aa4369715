# shellcheck shell=bash
# propfuzz merge <target>: folds the work corpus (--work) into the corpus
# (--corpus), keeping only inputs that add coverage (libFuzzer -merge=1).
pf_cmd_merge() {
  pf_target_arg
  local fuzzer; fuzzer=$(pf_need_bin fuzz) || exit 2
  pf_default_paths
  mkdir -p "$pf_corpus" "$pf_work" || pf_die "cannot create $pf_corpus or $pf_work"
  pf_say "$fuzzer -merge=1 ${pf_engine[*]} $pf_corpus $pf_work"
  PF_FINDINGS_DIR= exec "$fuzzer" -merge=1 "${pf_engine[@]}" "$pf_corpus" "$pf_work"
}
