# shellcheck shell=bash
# propfuzz shrink <target> FILE [--out PATH]: shrinks a failing input to
# its smallest value, writing PATH and PATH.report.txt. Default PATH:
# FILE.min beside FILE, except for a file of a corpus or work directory
# (--corpus, --work, an AFL queue): never written into, its .min goes to
# the findings directory (--findings).
pf_cmd_shrink() {
  pf_target_arg
  [ ${#pf_rest[@]} -eq 1 ] || pf_die "usage: propfuzz shrink <target> FILE [--out PATH]"
  local f=${pf_rest[0]}
  [ -f "$f" ] || pf_die "no such file: $f"
  local shrinker; shrinker=$(pf_need_bin shrink) || exit 2
  pf_default_paths
  local out=$pf_out
  if [ -z "$out" ]; then
    out=$f.min
    local dir d; dir=$(realpath -m "$(dirname "$f")")
    for d in "${pf_corpora[@]}" "$pf_work" "${pf_afl_out:-$pf_work.afl}"; do
      d=$(realpath -m "$d")
      case $dir/ in "$d"/*) out=$pf_findings/$(basename "$f").min ;; esac
    done
    case $dir in */queue|*/queue/*) out=$pf_findings/$(basename "$f").min ;; esac
  fi
  mkdir -p "$(dirname "$out")" || pf_die "cannot create $(dirname "$out")"
  PF_FINDINGS_DIR= ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
    exec "$shrinker" "${pf_engine[@]}" -out="$out" "$f"
}
