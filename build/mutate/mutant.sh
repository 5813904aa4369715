#!/usr/bin/env bash
# One mutant: build it, then run it twice from the target's corpus --
# with its properties, and crash-only (PF_CHECKS=none: what an ordinary
# fuzz harness sees) -- and, with BASELINE set, through each baseline fuzz
# target from its own corpus (baseline.sh). Each run replays its corpus
# first (a cheap first kill) and, if nothing failed, fuzzes for
# MUTANT_TIME seconds.
#   mutant.sh <id>      (environment: see run.sh)
# Writes $PF_MUTATE_OUT/results/<id>, one tab-separated line:
#   id, fingerprint, then for the property run: verdict, killer, phase,
#   seconds, cells (every property that failed: name:seconds:phase,...),
#   then for the crash-only run: verdict, killer, phase, seconds, and the
#   build's seconds. Verdicts: property, crash, timeout, survived,
#   stillborn (does not build), identical (compiles to the original's
#   code: equivalent, not run), preexisting (fuzzing found an input the
#   unmutated target fails too: not the mutant's doing, not a kill).
# With a baseline, $PF_MUTATE_OUT/baseline/<id>: id, the baseline's
# fingerprint, verdict, killer (<baseline>:<kind>), phase, seconds.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
id=$1
out=$PF_MUTATE_OUT base=$PF_MUTATE_OUT/base
m=$out/work/$id
gen=${PF_MUTGEN:?}
real=$(awk -F'\t' -v id="$id" '$1 == id { print $13; exit }' "$base/sites.tsv")
[ -n "$real" ] || mt_die "no mutant $id in $base/sites.tsv"
rm -rf "$m" && mkdir -p "$m/obj"

# --- build: only the commands that read the mutated file, then a relink ----
# The directory the mutated file's copy is made of (sites.sh chose it):
# a -I or source directory holding it and every unit of its tree that
# reads it, so that every include of it, quoted or not, relative or not,
# finds the mutated copy once the commands point at the copy.
root=$(awk -F'\t' -v f="$real" '$1 == f { print $2; exit }' "$base/file-roots.tsv")
[ -n "$root" ] || root=$(dirname "$real")

rewrite_arg() { # ARG DIR -> ARG with $root replaced by $m/root
  local a=$1 flag=
  case $a in -I?*) flag=-I a=${a#-I} ;; -*) echo "$1"; return ;; esac
  local p; p=$(realpath -m "$(mt_abs "$2" "$a")")
  case $p in "$root"|"$root"/*) echo "$flag$m/root${p#"$root"}" ;; *) echo "$1" ;; esac
}

# compile_entry CMDFILE OBJDIR: reruns a recorded command on the mutated
# copy, its object into OBJDIR; sets OBJ to it (and ENTRY_*).
compile_entry() {
  mt_read_entry "$1"
  # The compiler stays as recorded: a bare name run in a directory of the
  # mutated file's tree (SQLite's compiles gen/sqlite3.c inside gen/)
  # would otherwise be rewritten to a path in the copy.
  local args=("${ENTRY_ARGS[0]}") prev= a
  OBJ=$2/$(basename "$1").$(basename "$ENTRY_OBJ")
  mkdir -p "$2"
  for a in "${ENTRY_ARGS[@]:1}"; do
    if [ "$prev" = -o ]; then args+=("$OBJ")
    else args+=("$(rewrite_arg "$a" "$ENTRY_DIR")"); fi
    prev=$a
  done
  (cd "$ENTRY_DIR" && "${args[@]}") >> "$m/build.log" 2>&1
}

# same_code CMDFILE OBJ: whether OBJ, the command's object from the
# mutated copy, is the very code the unmutated file compiles to (the
# optimizer folded the mutation away, or it sits in code compiled out):
# such a mutant is equivalent by construction, and running it would spend
# minutes to learn nothing. The reference is the unmutated copy compiled
# the same way from a path as long as a mutant's (work/m0000000000; the
# path is in the sanitizers' messages), once per command and copied
# directory; both without debug information, the path's id replaced.
ref_id=m0000000000
same_code() {
  [ "${MUTATE_SAME_CODE:-1}" = 1 ] && command -v llvm-objcopy >/dev/null || return 1
  local ref key refm=$out/work/$ref_id
  key=$(printf '%s\n' "$1" "$root" | sha1sum | cut -c1-16)
  ref=$base/ref/$key.o
  mkdir -p "$base/ref"
  if [ ! -f "$ref" ]; then
    (
      flock 9
      [ -f "$ref" ] && exit 0
      rm -rf "$refm" && mkdir -p "$refm"
      cp -al "$root" "$refm/root" 2>/dev/null || cp -r "$root" "$refm/root" || exit 1
      m=$refm
      compile_entry "$1" "$refm/obj" && llvm-objcopy --strip-debug "$OBJ" "$ref.tmp" && mv "$ref.tmp" "$ref"
      rm -rf "$refm"
    ) 9> "$base/ref/.lock"
  fi
  [ -f "$ref" ] && llvm-objcopy --strip-debug "$2" "$m/same-code.o" || return 1
  ID=$id perl -0777 -pe 's/m0000000000/$ENV{ID}/g' "$ref" | cmp -s - "$m/same-code.o"
}

# lld links a sanitized fuzz binary in about 60% of the CPU time of the
# default linker (cJSON: 0.31 s against 0.54 s), once or more per mutant.
fast_ld=()
command -v ld.lld >/dev/null 2>&1 && fast_ld=(-fuse-ld=lld)

# relinks LIB: whether LIB's build script links its objects into something
# other than an archive of them (json-c for json_differential: one object
# whose symbols are made local) and so rebuilds that for a mutant itself
# (--relink, documented in the script); its mutated objects then go
# through it instead of beside its archive.
relinks() { grep -qx '# propfuzz-mutate: relink' "$PF_MUTATE_LIB_SCRIPTS/lib-$1.sh"; }

# The mutated library's objects are linked as objects, before the
# unmutated archives: the linker then never takes an archive member they
# replace (no archive copy to update, and no member names to match: a
# library may have two files of one name in different directories).
build() {
  cp -al "$root" "$m/root" 2>/dev/null || cp -r "$root" "$m/root" || return 1
  rm -f "$m/root/${real#"$root"/}"
  "$gen" apply "$base/sites.tsv" "$id" "$m/root/${real#"$root"/}" || return 1
  local e lib harness=()
  lib_objs=() identical=1
  declare -A replaced=()
  mapfile -t harness < "$base/harness-objects.txt"
  for e in $(awk -F'\t' -v f="$real" '$2 == f { print $1 }' "$base/deps.tsv" | sort -u); do
    lib=${e%%/*}
    compile_entry "$base/cc/$e" "$m/obj/$lib" || return 1
    [ $identical = 0 ] || same_code "$base/cc/$e" "$OBJ" || identical=0
    # A rebuilt harness object replaces its base object; so does a library's
    # whose build script links its objects further (relinks, below).
    if [ "$lib" = harness ]; then harness=("${harness[@]/"$ENTRY_OBJ"/"$OBJ"}")
    elif relinks "$lib"; then replaced[$lib]+=" $(mt_abs "$ENTRY_DIR" "$ENTRY_OBJ")=$OBJ"
    else lib_objs+=("$OBJ"); fi
  done
  archives=()
  for lib in $PF_MUTATE_LIBS; do
    if [ -n "${replaced[$lib]:-}" ]; then
      # shellcheck disable=SC2086
      "$PF_MUTATE_LIB_SCRIPTS/lib-$lib.sh" --relink "$base/lib/$lib" "$m/lib/$lib" ${replaced[$lib]} \
        >> "$m/build.log" 2>&1 || return 1
      archives+=("$m/lib/$lib"/*.a)
    else
      archives+=("$base/lib/$lib"/*.a)
    fi
  done
  # shellcheck disable=SC2086
  $CC "${fast_ld[@]}" $PF_MUTATE_LINKFLAGS "${harness[@]}" "$PF_PROPFUZZ_A" "${lib_objs[@]}" "${archives[@]}" \
    ${PF_MUTATE_LDLIBS:-} -lm -o "$m/bin" >> "$m/build.log" 2>&1
}

# build_baseline_shared: the baselines' shared objects (BASELINE_SOURCES)
# for this mutant, once: recompiled when they read the mutated file.
# Sets SHARED_OBJS; returns 1 if one does not compile.
SHARED_DONE=0 SHARED_OBJS=()
build_baseline_shared() {
  [ $SHARED_DONE = 0 ] || return 0
  local bdir=$base/baseline e
  SHARED_OBJS=() SHARED_DONE=1
  [ -d "$bdir/shared/obj" ] || return 0
  mapfile -t SHARED_OBJS < <(ls "$bdir/shared"/obj/*.o)
  for e in $(awk -F'\t' -v f="$real" '$2 == f && index($1, "shared/") == 1 { print $1 }' \
             "$bdir/deps.tsv" | sort -u); do
    compile_entry "$bdir/cc/$e" "$m/obj/baseline-shared" || return 1
    [ $identical = 0 ] || same_code "$bdir/cc/$e" "$OBJ" || identical=0
    SHARED_OBJS=("${SHARED_OBJS[@]/"$ENTRY_OBJ"/"$OBJ"}")
  done
}

# build_baseline NAME: baseline NAME linked with the mutated library (its
# own objects recompiled when they read the mutated file).
build_baseline() {
  local n=$1 bdir=$base/baseline e objs=()
  build_baseline_shared || return 1
  mapfile -t objs < <(ls "$bdir/$n"/obj/*.o)
  for e in $(awk -F'\t' -v f="$real" -v n="$n/" '$2 == f && index($1, n) == 1 { print $1 }' \
             "$bdir/deps.tsv" | sort -u); do
    compile_entry "$bdir/cc/$e" "$m/obj/baseline-$n" || return 1
    [ $identical = 0 ] || same_code "$bdir/cc/$e" "$OBJ" || identical=0
    objs=("${objs[@]/"$ENTRY_OBJ"/"$OBJ"}")
  done
  # shellcheck disable=SC2086
  $(cat "$bdir/$n/linker") "${fast_ld[@]}" $PF_MUTATE_LINKFLAGS "${objs[@]}" "${SHARED_OBJS[@]}" \
    "${lib_objs[@]}" "${archives[@]}" ${PF_MUTATE_LDLIBS:-} -lm -o "$m/baseline-$n" >> "$m/build.log" 2>&1
}

# --- runs ------------------------------------------------------------------
it=$PF_MUTANT_INPUT_TIMEOUT
dict=(-)
grep -qv '^[[:space:]]*\(#\|$\)' "$PF_MUTATE_DICT" 2>/dev/null && dict=("$PF_MUTATE_DICT")
seed=$(printf '%s' "$SEED:$id" | cksum | cut -d' ' -f1)
[ "$seed" = 0 ] && seed=1

# run_bin BIN CHECKS LOG ARTDIR ARGS...: CHECKS "all" or a PF_CHECKS value.
# Sets SIG (what failed, empty if nothing) and TIME.
run_bin() {
  local bin=$1 checks=$2 log=$3 art=$4; shift 4
  local start rc envs=(-u PF_CHECKS PF_FINDINGS_DIR=)  # set but empty: saves nothing
  [ "$checks" = all ] || envs+=(PF_CHECKS="$checks")
  mkdir -p "$art"
  start=$(mt_now)
  env "${envs[@]}" timeout -k 5 "$((MUTANT_TIME + 120))" "$bin" -timeout="$it" \
    -artifact_prefix="$art/" "$@" > "$log" 2>&1
  rc=$?
  TIME=$(mt_since "$start")
  SIG=$(mt_classify "$log")
  case $rc in 0) ;; 124|137) SIG=${SIG:-timeout} ;; *) SIG=${SIG:-crash:exit-$rc} ;; esac
}

# A kill found by fuzzing counts only if the unmutated binary (BASEBIN)
# passes the input that did it.
preexisting() { # BASEBIN CHECKS ARTDIR
  local a; a=$(ls -t "$3"/* 2>/dev/null | head -1)
  [ -n "$a" ] || return 1
  run_bin "$1" "$2" "$m/verify.log" "$m/verify-art" "$a"
  local verdict=$SIG
  [ -n "$verdict" ]
}

# A harness assertion (PF_ASSERT: an impossible library state, checked
# even with PF_CHECKS=none) is counted with the crashes.
verdict_of() {
  case $1 in property=harness_assert) echo crash ;; property=*) echo property ;;
             timeout) echo timeout ;; *) echo crash ;; esac
}
killer_of() { case $1 in property=*) echo "${1#property=}" ;; timeout) echo - ;; *) echo "${1#crash:}" ;; esac; }

# run_mode BIN BASEBIN CHECKS TAG CORPUS DICT [noreplay]: replays CORPUS
# (a directory, or - for none) on BIN, then fuzzes MUTANT_TIME seconds if
# nothing failed. Sets V (verdict), K (killer), P (phase), T (seconds),
# C (cells), REPLAY_CLEAN (1: the replay failed nothing). "noreplay" skips
# the replay: the fuzzing run executes the corpus first anyway.
run_mode() {
  local bin=$1 basebin=$2 checks=$3 tag=$4 corpus=$5 d=() c=()
  [ "$6" = - ] || d=(-dict="$6")
  [ "$corpus" = - ] || c=("$corpus")
  V=survived K=- P=- T=- C= REPLAY_CLEAN=0
  if [ "$corpus" != - ] && [ "${7:-}" != noreplay ]; then
    run_bin "$bin" "$checks" "$m/$tag-replay.log" "$m/$tag-art" -runs=0 "$corpus"
    if [ -n "$SIG" ]; then
      V=$(verdict_of "$SIG") K=$(killer_of "$SIG") P=replay T=$TIME
      keep_kill "$tag"
      [ "$checks" = all ] && [ "$V" = property ] && replay_cells replay "$corpus"
      return
    fi
    REPLAY_CLEAN=1
  fi
  mkdir -p "$m/$tag-work"
  run_bin "$bin" "$checks" "$m/$tag-fuzz.log" "$m/$tag-art" -max_total_time="$MUTANT_TIME" \
    -seed="$seed" "${d[@]}" "$m/$tag-work" "${c[@]}"
  [ -n "$SIG" ] || return 0
  local sig=$SIG time=$TIME
  if preexisting "$basebin" "$checks" "$m/$tag-art"; then
    V=preexisting K=$(killer_of "$sig") P=fuzz T=$time
    return
  fi
  V=$(verdict_of "$sig") K=$(killer_of "$sig") P=fuzz T=$time
  keep_kill "$tag"
  if [ "$checks" = all ] && [ "$V" = property ]; then
    replay_cells fuzz "$(ls -t "$m/$tag-art"/* | head -1)"
    # The first killer is a cell even if the input fails it only sometimes.
    case ",$C," in *",$K:"*) ;; *) C=$K:$T:fuzz${C:+,$C} ;; esac
  fi
}

# replay_cells PHASE INPUT: every property INPUT (the corpus, or the input
# fuzzing found) kills the mutant with, each tried alone: the kill matrix
# then says which relations see the mutant, not just which one came first.
replay_cells() {
  local phase=$1 input=$2 p t cells=()
  while read -r p; do
    run_bin "$m/bin" "$p" "$m/cell.log" "$m/cell-art" -runs=0 "$input"
    t=$TIME
    [ "$phase" = fuzz ] && t=$T
    [ "$SIG" = "property=$p" ] && cells+=("$p:$t:$phase")
  done < "$base/properties.txt"
  C=$(IFS=,; echo "${cells[*]}")
}

keep_kill() {
  local a; a=$(ls -t "$m/$1-art"/* 2>/dev/null | head -1)
  mkdir -p "$out/kills"
  [ -n "$a" ] && cp "$a" "$out/kills/$id.$1"
  return 0
}

# The baseline: each of its fuzz targets in turn until one kills the mutant
# (the union); sets BROW. Its killer is named <baseline>:<kind>.
run_baseline() {
  local n corpus bdict
  BROW=(survived - - -)
  while IFS=$'\t' read -r n corpus bdict; do
    # Built when its turn comes: most mutants fall to the first ones.
    if [ ! -x "$m/baseline-$n" ] && ! build_baseline "$n"; then
      cp "$m/build.log" "$out/logs/$id.build.txt"
      BROW=(stillborn - - -)
      return
    fi
    # Each baseline fuzz target fuzzes BASELINE_TIME seconds.
    MUTANT_TIME=$BASELINE_TIME run_mode "$m/baseline-$n" "$base/baseline/$n/bin" none "b-$n" "$corpus" "$bdict"
    case $V in survived) continue ;; esac
    BROW=("$V" "$n:$K" "$P" "$T")
    [ "$V" = preexisting ] && continue
    break
  done < "$base/baseline/list.tsv"
}

# What is left to do: a result of this setup is kept (run.sh discards the
# others), so adding a baseline to a campaign runs only the baseline.
need_main=1 need_base=0
[ -f "$out/results/$id" ] && need_main=0
[ -n "${PF_MUTATE_BASELINE_PRINT:-}" ] && [ ! -f "$out/baseline/$id" ] && need_base=1

start=$(mt_now)
mkdir -p "$out/results" "$out/logs" "$out/baseline"
stillborn=0 identical=0
if ! build; then
  cp "$m/build.log" "$out/logs/$id.build.txt" 2>/dev/null
  stillborn=1
fi
# A mutant is identical only if every object it recompiles, the
# baselines' too, is: where the target's are, the baselines are all built
# before anything runs; else each is built when its turn comes.
bborn=1
if [ $need_base = 1 ] && [ $stillborn = 0 ] && [ $identical = 1 ]; then
  for n in $(cut -f1 "$base/baseline/list.tsv"); do
    build_baseline "$n" || { bborn=0; cp "$m/build.log" "$out/logs/$id.build.txt"; break; }
  done
fi
btime=$(mt_since "$start")
[ $stillborn = 0 ] || btime=-
[ $stillborn = 0 ] || identical=0
if [ $need_base = 1 ]; then
  BROW=(stillborn - - -)
  if [ $identical = 1 ]; then BROW=(identical - - -)
  elif [ $stillborn = 0 ] && [ $bborn = 1 ]; then run_baseline
  fi
  printf '%s\t' "$id" "$PF_MUTATE_BASELINE_PRINT" "${BROW[@]}" > "$out/baseline/$id.tmp"
  echo >> "$out/baseline/$id.tmp"
fi
if [ $need_main = 1 ]; then
  if [ $stillborn = 1 ]; then
    row=(stillborn - - - "" stillborn - - -)
  elif [ $identical = 1 ]; then
    row=(identical - - - "" identical - - -)
  else
    run_mode "$m/bin" "$base/bin" all p "$base/corpus" "${dict[0]:-}"
    row=("$V" "$K" "$P" "$T" "$C")
    # The corpus passed every property and no sanitizer spoke: with the
    # checks off (less code run, the same library calls) it passes too, so
    # the crash-only run goes straight to fuzzing (which runs it first).
    skip=
    [ "$REPLAY_CLEAN" = 1 ] && skip=noreplay
    run_mode "$m/bin" "$base/bin" none c "$base/corpus" "${dict[0]:-}" $skip
    row+=("$V" "$K" "$P" "$T")
  fi
  printf '%s\t' "$id" "$PF_MUTATE_RESULT_PRINT" "${row[@]}" "$btime" > "$out/results/$id.tmp"
  printf '%s\n' "$(mt_since "$start")" >> "$out/results/$id.tmp"
fi
for f in "$m"/*-replay.log "$m"/*-fuzz.log; do
  [ -f "$f" ] && head -c 20000 "$f" > "$out/logs/$id.$(basename "$f" .log).txt"
done
[ $need_main = 0 ] || mv "$out/results/$id.tmp" "$out/results/$id"
[ $need_base = 0 ] || mv "$out/baseline/$id.tmp" "$out/baseline/$id"
rm -rf "$m"
where=$(awk -F'\t' -v id="$id" '$1 == id { print $2 ":" $3 " " $7; exit }' "$base/sites.tsv")
line=$(awk -F'\t' -v w="$where" '{ printf "%s %-50s properties: %-9s %-22s crash-only: %-9s %s", $1, w, $3, $4, $8, $9 }' \
  "$out/results/$id")
[ -f "$out/baseline/$id" ] && [ -n "${PF_MUTATE_BASELINE_PRINT:-}" ] &&
  line+=$(awk -F'\t' '{ printf "  baseline: %-9s %s", $3, $4 }' "$out/baseline/$id")
echo "$line"
