# shellcheck shell=bash
# propfuzz keep [<target>] FILE: makes a finding a regression test: copies
# it into <corpus>/regress/ (--into DIR elsewhere; --as-known: <corpus>/known/
# with a .expect sidecar, an expected failure) named <property>-<hash>,
# with its report beside it; replaying the corpus then runs it. The target
# is the first argument, or the directory name of a file under
# .../findings/<target>/.
pf_cmd_keep() {
  local f
  case ${#pf_args[@]} in
    2) pf_t=${pf_args[0]} f=${pf_args[1]} ;;
    1) f=${pf_args[0]} pf_t=
       case $f in *findings/*/*) pf_t=$(basename "$(dirname "$f")") ;; esac ;;
    *) pf_die "usage: propfuzz keep [<target>] FILE [--into DIR] [--as-known]" ;;
  esac
  [ -f "$f" ] || pf_die "no such file: $f"
  [ -n "$pf_t" ] || pf_die "cannot tell the target of $f; pass the target: propfuzz keep <target> <file>"
  pf_args=("$pf_t") && pf_target_arg
  local replay; replay=$(pf_need_bin replay) || exit 2
  pf_default_paths
  local out sig name hash dir dest
  out=$(PF_FINDINGS_DIR= "$replay" "$f" 2>&1)
  sig=$(printf '%s\n' "$out" | sed -n 's/^FAIL [^:]*: \(.*\)$/\1/p' | head -1)
  [ -n "$sig" ] || { echo "propfuzz: $f passes now (fixed, or flaky?); nothing to keep" >&2; exit 1; }
  case $sig in
    property=*) name=${sig#property=} name=${name%% *} ;;
    *) name=crash ;;
  esac
  hash=$(sha1sum "$f" | cut -c1-10)
  if [ "$pf_as_known" = 1 ]; then dir=${pf_into:-$pf_corpus/known}; else dir=${pf_into:-$pf_corpus/regress}; fi
  mkdir -p "$dir" || pf_die "cannot create $dir"
  dest=$dir/$name-$hash
  cp "$f" "$dest"
  printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed' > "$dest.report.txt"
  [ "$pf_as_known" = 1 ] && echo "$name" > "$dest.expect"
  echo "kept $dest ($sig); replaying $dir runs it"
}
