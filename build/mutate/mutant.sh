#!/usr/bin/env bash
# One mutant: build it, then run it twice from the target's corpus --
# with its properties, and crash-only (PF_CHECKS=none: what an ordinary
# fuzz harness sees). Each run replays the corpus first (a cheap first
# kill) and, if nothing failed, fuzzes for MUTANT_TIME seconds.
#   mutant.sh <id>      (environment: see run.sh)
# Writes $PF_MUTATE_OUT/results/<id>, one tab-separated line:
#   id, fingerprint, then for the property run: verdict, killer, phase,
#   seconds, cells (every property that failed: name:seconds:phase,...),
#   then for the crash-only run: verdict, killer, phase, seconds, and the
#   build's seconds. Verdicts: property, crash, timeout, survived,
#   stillborn (does not build), preexisting (fuzzing found an input the
#   unmutated target fails too: not the mutant's doing, not a kill).
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
# The directory the mutated file's copy is made of: the longest -I or
# source directory holding it, so that every include of it, quoted or
# not, finds the mutated copy once the commands point at the copy.
root=$(awk -v f="$real" 'index(f, $0 "/") == 1 { print; exit }' "$base/roots.txt")
[ -n "$root" ] || root=$(dirname "$real")

rewrite_arg() { # ARG DIR -> ARG with $root replaced by $m/root
  local a=$1 flag=
  case $a in -I?*) flag=-I a=${a#-I} ;; -*) echo "$1"; return ;; esac
  local p; p=$(realpath -m "$(mt_abs "$2" "$a")")
  case $p in "$root"|"$root"/*) echo "$flag$m/root${p#"$root"}" ;; *) echo "$1" ;; esac
}

build() {
  cp -al "$root" "$m/root" 2>/dev/null || cp -r "$root" "$m/root" || return 1
  rm -f "$m/root/${real#"$root"/}"
  "$gen" apply "$base/sites.tsv" "$id" "$m/root/${real#"$root"/}" || return 1
  local e lib harness=()
  mapfile -t harness < "$base/harness-objects.txt"
  for e in $(awk -F'\t' -v f="$real" '$2 == f { print $1 }' "$base/deps.tsv" | sort -u); do
    mt_read_entry "$base/cc/$e"
    lib=${e%%/*}
    mkdir -p "$m/obj/$lib"
    local args=() prev= a
    for a in "${ENTRY_ARGS[@]}"; do
      if [ "$prev" = -o ]; then args+=("$m/obj/$lib/$(basename "$a")")
      else args+=("$(rewrite_arg "$a" "$ENTRY_DIR")"); fi
      prev=$a
    done
    (cd "$ENTRY_DIR" && "${args[@]}") >> "$m/build.log" 2>&1 || return 1
    # A rebuilt harness object replaces its base object.
    [ "$lib" = harness ] && harness=("${harness[@]/"$ENTRY_OBJ"/"$m/obj/harness/$(basename "$ENTRY_OBJ")"}")
  done
  local archives=() l a
  for l in $PF_MUTATE_LIBS; do
    for a in "$base/lib/$l"/*.a; do
      if [ -d "$m/obj/$l" ]; then
        cp "$a" "$m/$l-$(basename "$a")"
        ar r "$m/$l-$(basename "$a")" "$m/obj/$l"/*.o >> "$m/build.log" 2>&1 || return 1
        archives+=("$m/$l-$(basename "$a")")
      else
        archives+=("$a")
      fi
    done
  done
  # shellcheck disable=SC2086
  $CC $PF_MUTATE_LINKFLAGS "${harness[@]}" "$PF_PROPFUZZ_A" "${archives[@]}" ${PF_MUTATE_LDLIBS:-} \
    -lm -o "$m/bin" >> "$m/build.log" 2>&1
}

# --- runs ------------------------------------------------------------------
it=$PF_MUTANT_INPUT_TIMEOUT
dict=()
grep -qv '^[[:space:]]*\(#\|$\)' "$PF_MUTATE_DICT" 2>/dev/null && dict=(-dict="$PF_MUTATE_DICT")
seed=$(printf '%s' "$SEED:$id" | cksum | cut -d' ' -f1)
[ "$seed" = 0 ] && seed=1

# run_bin BIN CHECKS LOG ARTDIR ARGS...: CHECKS "all" or a PF_CHECKS value.
# Sets SIG (what failed, empty if nothing) and TIME.
run_bin() {
  local bin=$1 checks=$2 log=$3 art=$4; shift 4
  local start rc envs=(-u PF_CHECKS -u PF_FINDINGS_DIR)
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

# A kill found by fuzzing counts only if the unmutated target passes the
# input that did it.
preexisting() { # CHECKS ARTDIR
  local a; a=$(ls -t "$2"/* 2>/dev/null | head -1)
  [ -n "$a" ] || return 1
  run_bin "$base/bin" "$1" "$m/verify.log" "$m/verify-art" "$a"
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

# run_mode CHECKS TAG: sets V (verdict), K (killer), P (phase), T (seconds),
# C (cells).
run_mode() {
  local checks=$1 tag=$2
  V=survived K=- P=- T=- C=
  run_bin "$m/bin" "$checks" "$m/$tag-replay.log" "$m/$tag-art" -runs=0 "$base/corpus"
  if [ -n "$SIG" ]; then
    V=$(verdict_of "$SIG") K=$(killer_of "$SIG") P=replay T=$TIME
    keep_kill "$tag"
    [ "$checks" = all ] && [ "$V" = property ] && replay_cells
    return
  fi
  mkdir -p "$m/$tag-work"
  run_bin "$m/bin" "$checks" "$m/$tag-fuzz.log" "$m/$tag-art" -max_total_time="$MUTANT_TIME" \
    -seed="$seed" "${dict[@]}" "$m/$tag-work" "$base/corpus"
  [ -n "$SIG" ] || return 0
  local sig=$SIG time=$TIME
  if preexisting "$checks" "$m/$tag-art"; then
    V=preexisting K=$(killer_of "$sig") P=fuzz T=$time
    return
  fi
  V=$(verdict_of "$sig") K=$(killer_of "$sig") P=fuzz T=$time
  [ "$V" = property ] && C="$K:$T:fuzz"
  keep_kill "$tag"
}

# Every property the corpus already kills the mutant with: one replay
# with only that property checked.
replay_cells() {
  local p cells=()
  while read -r p; do
    run_bin "$m/bin" "$p" "$m/cell.log" "$m/cell-art" -runs=0 "$base/corpus"
    [ "$SIG" = "property=$p" ] && cells+=("$p:$TIME:replay")
  done < "$base/properties.txt"
  C=$(IFS=,; echo "${cells[*]}")
}

keep_kill() {
  local a; a=$(ls -t "$m/$1-art"/* 2>/dev/null | head -1)
  mkdir -p "$out/kills"
  [ -n "$a" ] && cp "$a" "$out/kills/$id.$1"
  return 0
}

start=$(mt_now)
mkdir -p "$out/results" "$out/logs"
if ! build; then
  cp "$m/build.log" "$out/logs/$id.build.txt" 2>/dev/null
  row=(stillborn - - - "" stillborn - - -)
else
  btime=$(mt_since "$start")
  run_mode all p
  row=("$V" "$K" "$P" "$T" "$C")
  run_mode none c
  row+=("$V" "$K" "$P" "$T")
  for f in "$m"/p-*.log "$m"/c-*.log; do
    [ -f "$f" ] && head -c 20000 "$f" > "$out/logs/$id.$(basename "$f" .log).txt"
  done
fi
printf '%s\t' "$id" "$PF_MUTATE_RESULT_PRINT" "${row[@]}" "${btime:--}" > "$out/results/$id.tmp"
printf '%s\n' "$(mt_since "$start")" >> "$out/results/$id.tmp"
mv "$out/results/$id.tmp" "$out/results/$id"
rm -rf "$m"
where=$(awk -F'\t' -v id="$id" '$1 == id { print $2 ":" $3 " " $7; exit }' "$base/sites.tsv")
printf '%s %-50s properties: %-9s %-22s crash-only: %-9s %s\n' "$id" "$where" "${row[0]}" \
  "${row[1]}" "${row[5]}" "${row[6]}"
