# Shell functions shared by build/mutate/*.sh (sourced, not run).

# mt_die MESSAGE: the one-line error every misuse gets.
mt_die() { echo "propfuzz: $*" >&2; exit 2; }

# mt_now: seconds since the epoch, with a fraction.
mt_now() { date +%s.%N; }

# mt_since START: seconds elapsed since START, one decimal.
mt_since() { awk -v a="$1" -v b="$(mt_now)" 'BEGIN { printf "%.1f", b - a }'; }

# mt_read_entry FILE: sets ENTRY_DIR, ENTRY_ARGS (the compiler first), ENTRY_SRC
# and ENTRY_OBJ from a command recorded by cc-log.sh.
mt_read_entry() {
  local words
  eval "words=($(cat "$1"))"
  ENTRY_DIR=${words[0]}
  ENTRY_ARGS=("${words[@]:1}")
  ENTRY_SRC= ENTRY_OBJ=
  local i a
  for ((i = 1; i < ${#ENTRY_ARGS[@]}; i++)); do
    a=${ENTRY_ARGS[i]}
    if [ "$a" = -o ]; then ENTRY_OBJ=${ENTRY_ARGS[i + 1]}; i=$((i + 1)); continue; fi
    case $a in -*) ;; *.c|*.cc|*.cpp|*.cxx|*.C) ENTRY_SRC=$a ;; esac
  done
}

# mt_abs DIR PATH: PATH made absolute against DIR (no symlinks resolved).
mt_abs() { case $2 in /*) echo "$2" ;; *) echo "$1/$2" ;; esac; }

# mt_classify LOG: the failure a libFuzzer run reported, as a signature:
# property=<name>, crash:<kind>, timeout, or nothing when it failed nothing.
# The property report comes first (it aborts, so a signal follows it).
mt_classify() {
  local log=$1 p
  p=$(grep -a -m1 -o 'Falsifying example  target=[^ ]*  property=[A-Za-z0-9_]*' "$log" | sed 's/.*property=//')
  if [ -n "$p" ]; then echo "property=$p"; return; fi
  if grep -a -q 'ERROR: libFuzzer: timeout' "$log"; then echo timeout; return; fi
  if grep -a -q 'ERROR: libFuzzer: out-of-memory' "$log"; then echo crash:oom; return; fi
  if grep -a -q 'ERROR: LeakSanitizer' "$log"; then echo crash:leak; return; fi
  p=$(grep -a -m1 -o 'ERROR: AddressSanitizer: [A-Za-z0-9_-]*' "$log" | sed 's/.*: //')
  if [ -n "$p" ]; then echo "crash:asan-$p"; return; fi
  if grep -a -q 'runtime error:' "$log"; then echo crash:ubsan; return; fi
  if grep -a -q 'ERROR: libFuzzer: deadly signal' "$log"; then echo crash:signal; return; fi
  if grep -a -q 'ERROR: libFuzzer: fuzz target exited' "$log"; then echo crash:exit; return; fi
  return 0
}

# mt_compile_flags ARG...: the flags of a compile command (given without
# its compiler) that say how its unit reads: includes, defines, language,
# warnings. Left out: its source files, -c, -o and dependency-file
# options, and what a campaign's flavours set themselves (sanitizers,
# coverage; -Werror, which would make a mutant that only warns stillborn).
# Sets FLAGS (an array).
mt_compile_flags() {
  FLAGS=()
  local skip=0 a
  for a in "$@"; do
    if [ $skip = 1 ]; then skip=0; continue; fi
    case $a in
      -o|-MF|-MT|-MQ) skip=1 ;;
      -c|-M|-MM|-MD|-MMD|-MP|-o?*|-Werror|-Werror=*|-fsanitize=*|-fno-sanitize=*|-fsanitize-*|\
      -fno-sanitize-*|-fprofile-instr-generate*|-fcoverage-mapping|-fprofile-arcs|-ftest-coverage|--coverage) ;;
      -*) FLAGS+=("$a") ;;
      *.c|*.cc|*.cpp|*.cxx|*.C|*.s|*.S|*.o|*.a|*.so) ;;
      *) FLAGS+=("$a") ;;
    esac
  done
}

# mt_replace_objects OBJECT... -- <object>=<replacement>...: the objects of
# a library build script's --relink (see mutant.sh's relinks), each one
# named by a pair replaced by its mutant's. Sets OBJS; an error if a pair
# names no object.
mt_replace_objects() {
  OBJS=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do OBJS+=("$(realpath -m "$1")"); shift; done
  [ $# -gt 0 ] && shift
  local r from i hit
  for r in "$@"; do
    from=$(realpath -m "${r%%=*}") hit=0
    for i in "${!OBJS[@]}"; do [ "${OBJS[i]}" != "$from" ] || { OBJS[i]=${r#*=}; hit=1; }; done
    [ $hit = 1 ] || mt_die "--relink: $from is not one of the library's objects"
  done
}
