# shellcheck shell=bash
# propfuzz replay <target> [FILE|DIR...]: runs inputs through the replay
# binary, each in a child with a timeout, under the sanitizers; "N passed,
# N failed", exit 1 on a failure. Default: the corpus (--corpus, default
# corpus/<target>: seeds, regress/, known/). Flags after -- go to the
# binary (-timeout=N, -allow_empty).

# pf_inputs: the files/dirs to run: the arguments (each must exist), else
# the corpus; nothing (and a note) when the default corpus is missing.
pf_inputs() {
  pf_default_paths
  pf_check_corpora
  pf_in=()
  local a
  if [ ${#pf_rest[@]} -gt 0 ]; then
    for a in "${pf_rest[@]}"; do [ -e "$a" ] || pf_die "no such file or directory: $a"; pf_in+=("$a"); done
    return
  fi
  for a in "${pf_corpora[@]}"; do [ -e "$a" ] && pf_in+=("$a"); done
  [ ${#pf_in[@]} -gt 0 ] ||
    pf_say "no corpus at ${pf_corpora[*]}: nothing to run (seeds are recommended: propfuzz seeds $pf_t; or pass --corpus DIR)"
}

pf_cmd_replay() {
  pf_target_arg
  local replay; replay=$(pf_need_bin replay) || exit 2
  pf_inputs
  [ ${#pf_in[@]} -gt 0 ] || exit 0
  PF_FINDINGS_DIR= exec "$replay" "${pf_engine[@]}" "${pf_in[@]}"
}
