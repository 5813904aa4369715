# shellcheck shell=bash
# propfuzz show <target> FILE: prints the decoded draws of any input
# (crash, seed or queue entry), failing or not.
pf_cmd_show() {
  pf_target_arg
  [ ${#pf_rest[@]} -eq 1 ] || pf_die "usage: propfuzz show <target> FILE"
  [ -f "${pf_rest[0]}" ] || pf_die "no such file: ${pf_rest[0]}"
  local replay; replay=$(pf_need_bin replay) || exit 2
  PF_FINDINGS_DIR= PF_NO_FORK=1 PF_SHOW=1 exec "$replay" "${pf_rest[0]}"
}
