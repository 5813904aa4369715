# shellcheck shell=bash
# Shared by every subcommand of build/propfuzz: messages, options, and
# where a target's binaries, corpus, dictionary and findings are.
# Paths are relative to the caller's current directory.

pf_die() { echo "propfuzz: $*" >&2; exit 2; }
pf_say() { echo "propfuzz: $*"; }

# The version is PROPFUZZ_VERSION in include/propfuzz.h, one directory up
# from the command both in the source tree (build/) and installed (bin/).
pf_version() {
  local h v=
  for h in "$pf_here/../include/propfuzz.h" "$PF_PARTS/../../include/propfuzz.h"; do
    [ -f "$h" ] || continue
    v=$(sed -n 's/^#define PROPFUZZ_VERSION "\(.*\)"$/\1/p' "$h" | head -1)
    [ -n "$v" ] && break
  done
  echo "propfuzz ${v:-unknown}"
}

# How the user can call this command again in a hint: "propfuzz" when that
# name on PATH is this file, else the path it was called by.
pf_name() {
  local p; p=$(command -v propfuzz 2>/dev/null || true)
  if [ -n "$p" ] && [ "$(readlink -f "$p")" = "$(readlink -f "$pf_self")" ]; then
    echo propfuzz
  else
    echo "$pf_self"
  fi
}

# --- options ------------------------------------------------------------
# Every subcommand takes the same options; each reads those it needs.
pf_parse_options() {
  pf_args=() pf_bin_dirs=() pf_corpora=() pf_engine=()
  pf_dict= pf_dict_given=0 pf_findings= pf_work= pf_time= pf_jobs=1 pf_keep_going=0
  pf_known= pf_out= pf_afl_out= pf_seed= pf_fork=0 pf_deterministic=0
  pf_into= pf_as_known=0 pf_triage_time=
  pf_compdb= pf_harness=() pf_sources=() pf_mutants= pf_min_score= pf_baselines=() pf_libs= pf_equivalent=
  pf_baseline_time=
  declare -gA pf_bin=()
  local o v
  while [ $# -gt 0 ]; do
    o=$1; shift
    case $o in
      --) pf_engine+=("$@"); break ;;
      --*=*) v=${o#*=} o=${o%%=*} ;;
      --keep-going|--fork|--deterministic|--as-known|--help) v= ;;
      --bin-dir|--*-bin|--corpus|--dict|--findings|--work|--afl-out|--out|--into|--time|--triage-time|\
      --jobs|--seed|--engine-args|--known|--compdb|--harness|--sources|--mutants|--min-score|--baseline|\
      --baseline-time|--libs|--equivalent)
        [ $# -gt 0 ] || pf_die "$o needs a value (run: propfuzz help)"; v=$1; shift ;;
      --*) pf_die "unknown option $o (run: propfuzz help)" ;;
      *) pf_args+=("$o"); continue ;;
    esac
    case $o in
      --bin-dir) pf_bin_dirs+=("$v") ;;
      --fuzz-bin|--replay-bin|--shrink-bin|--examples-bin|--seeds-bin|--afl-bin|--afl-cmplog-bin|--afl-mutator-bin|--cov-bin)
        o=${o#--}; pf_bin[${o%-bin}]=$v ;;
      --corpus) pf_corpora+=("$v") ;;
      --dict) pf_dict=$v pf_dict_given=1 ;;
      --findings) pf_findings=$v ;;
      --work) pf_work=$v ;;
      --afl-out) pf_afl_out=$v ;;
      --out) pf_out=$v ;;
      --into) pf_into=$v ;;
      --time) pf_time=$v
        case $v in ''|*[!0-9]*) pf_die "--time must be seconds (got '$v'); leave it out to run until Ctrl-C" ;; esac ;;
      --triage-time) pf_triage_time=$v
        case $v in ''|*[!0-9]*) pf_die "--triage-time must be seconds (got '$v')" ;; esac ;;
      --jobs) pf_jobs=$v
        case $v in ''|*[!0-9]*|0) pf_die "--jobs must be a positive number (got '$v')" ;; esac ;;
      --seed) pf_seed=$v
        case $v in ''|*[!0-9]*) pf_die "--seed must be a number (got '$v')" ;; esac ;;
      --engine-args) read -r -a _ea <<<"$v"; pf_engine+=("${_ea[@]}") ;;
      --keep-going) pf_keep_going=1 ;;
      --known) pf_known=$v ;;
      --compdb) pf_compdb=$v ;;
      --harness) pf_harness+=("$v") ;;
      --sources) pf_sources+=("$v") ;;
      --mutants) pf_mutants=$v
        case $v in all|[1-9]|[1-9]*[0-9]) ;; *) pf_die "--mutants must be a number or all (got '$v')" ;; esac
        case $v in all) ;; *[!0-9]*) pf_die "--mutants must be a number or all (got '$v')" ;; esac ;;
      --min-score) pf_min_score=$v
        awk -v s="$v" 'BEGIN { exit !(s ~ /^[0-9]+(\.[0-9]+)?$/ && s <= 100) }' ||
          pf_die "--min-score must be a percentage, 0 to 100 (got '$v')" ;;
      --baseline) pf_baselines+=("$v") ;;
      --baseline-time) pf_baseline_time=$v
        case $v in ''|*[!0-9]*) pf_die "--baseline-time must be seconds (got '$v')" ;; esac ;;
      --libs) pf_libs=$v ;;
      --equivalent) pf_equivalent=$v ;;
      --fork) pf_fork=1 ;;
      --deterministic) pf_deterministic=1 ;;
      --as-known) pf_as_known=1 ;;
      --help) pf_args=(help) ;;
      *) pf_die "unknown option $o (run: propfuzz help)" ;;
    esac
  done
}

# pf_target_arg: the first argument is the target's name.
pf_target_arg() {
  pf_t=${pf_args[0]:-}
  [ -n "$pf_t" ] || pf_die "usage: propfuzz $sub <target> [options] (run: propfuzz help)"
  case $pf_t in *[!A-Za-z0-9_.-]*|.*|-*) pf_die "'$pf_t' is not a target name (letters, digits, _ . -)" ;; esac
  pf_rest=("${pf_args[@]:1}")
}

# --- a target's binaries --------------------------------------------------
# DIR/<target>-<kind> (CMake and Makefile builds of a project) or
# DIR/<kind>/<target> (this repository's out/ layout), DIR from --bin-dir
# (default: the current directory, then build/), or --<kind>-bin PATH.
pf_bin_candidates() { # KIND
  local kind=$1 d dirs=("${pf_bin_dirs[@]}") sub=$1
  [ ${#dirs[@]} -gt 0 ] || dirs=(. build)
  case $kind in fuzz) sub=libfuzzer ;; esac
  for d in "${dirs[@]}"; do
    d=${d%/}
    echo "$d/$pf_t-$kind"
    if [ "$kind" = seeds ]; then echo "$d/tools/$pf_t-seeds"; else echo "$d/$sub/$pf_t"; fi
  done
}
pf_find_bin() { # KIND -> path, or nothing
  local c
  if [ -n "${pf_bin[$1]:-}" ]; then echo "${pf_bin[$1]}"; return; fi
  while read -r c; do
    [ -f "$c" ] && [ -x "$c" ] && { echo "$c"; return; }
  done < <(pf_bin_candidates "$1")
}
pf_need_bin() { # KIND -> path, or the one-line error
  local p; p=$(pf_find_bin "$1")
  if [ -n "${pf_bin[$1]:-}" ]; then
    [ -f "$p" ] && [ -x "$p" ] ||
      pf_die "--$1-bin $p is not an executable file; build it or fix the path"
  fi
  [ -n "$p" ] && { echo "$p"; return; }
  local looked; looked=$(pf_bin_candidates "$1" | paste -sd, - | sed 's/,/, /g')
  pf_die "no $1 binary for $pf_t (looked for $looked); build it or pass --$1-bin"
}

# --- a target's files ------------------------------------------------------
pf_default_paths() {
  [ ${#pf_corpora[@]} -gt 0 ] || { pf_corpora=("corpus/$pf_t"); pf_corpus_default=1; }
  : "${pf_corpus_default:=0}"
  pf_corpus=${pf_corpora[0]%/}
  [ -n "$pf_findings" ] || pf_findings=propfuzz-findings/$pf_t
  [ -n "$pf_work" ] || pf_work=propfuzz-work/$pf_t
  [ -n "$pf_dict" ] || pf_dict=dict/$pf_t.dict
  pf_findings=${pf_findings%/} pf_work=${pf_work%/}
}

# pf_check_corpora: a corpus named on the command line must exist; the
# default one may be missing (seeds are recommended, not required).
pf_check_corpora() {
  local c
  for c in "${pf_corpora[@]}"; do
    [ -e "$c" ] && continue
    [ "$pf_corpus_default" = 1 ] && continue
    pf_die "no corpus at $c; pass an existing directory to --corpus, or leave it out"
  done
}

# pf_dict_args: the dictionary as ARRAY, if any: a missing default one is
# optional (said once); a named one must exist; one without entries is left
# out (engines refuse it).
pf_dict_file() {
  if [ ! -f "$pf_dict" ]; then
    [ "$pf_dict_given" = 1 ] && pf_die "no dictionary at $pf_dict; fix --dict or leave it out"
    pf_say "no dictionary ($pf_dict): running without one (optional; one token a line helps the fuzzer)" >&2
    return 1
  fi
  grep -qv '^[[:space:]]*\(#\|$\)' "$pf_dict"
}

# The hints a failure report prints: commands that work for this user.
pf_set_hints() { # REPLAY-BIN
  local me; me=$(pf_name)
  local bins=
  [ ${#pf_bin_dirs[@]} -gt 0 ] || [ -n "${pf_bin[replay]:-}" ] && bins=" --replay-bin $1"
  export PF_REPLAY_HINT=${PF_REPLAY_HINT:-"$me replay $pf_t$bins"}
  export PF_KEEP_HINT=${PF_KEEP_HINT:-"$me keep $pf_t$bins"}
}

# The in-tree profile (build/profiles.sh: seeds and run lengths) when the
# command runs from the source tree; outside it, a random seed.
pf_profile() {
  if [ -f "$PF_PARTS/../profiles.sh" ]; then
    PF_DEFAULT_PROFILE=dev
    # shellcheck disable=SC1091
    . "$PF_PARTS/../profiles.sh"
  fi
  [ -n "$pf_seed" ] && PF_SEED=$pf_seed
  PF_SEED=${PF_SEED:-0}
  : "${PF_SLOW_TARGETS:=}" "${PF_SLOW_SHRINK_TIME:=120}"
}
