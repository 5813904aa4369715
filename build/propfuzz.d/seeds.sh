# shellcheck shell=bash
# propfuzz seeds <target>: rewrites the corpus's seeds (--corpus, default
# corpus/<target>) from the seed values in the harness (pf_target_seeds).
pf_cmd_seeds() {
  pf_target_arg
  local bin; bin=$(pf_need_bin seeds) || exit 2
  pf_default_paths
  mkdir -p "$pf_corpus" || pf_die "cannot create $pf_corpus"
  exec "$bin" "$pf_corpus"
}
