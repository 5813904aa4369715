# The propfuzz command (build/propfuzz) and the workflow's snags: a tiny
# target outside harness/ (tests/command/tiny.c: no seeds, no corpus, no
# dictionary, a library header without prototypes) built by the Makefile
# in a scratch copy of the tree and run from another directory; shrinking
# never writes into a corpus; flags rebuild; empty replays; Ctrl-C.
cmd_dir=out/test-tmp/command
cmd_tree=$cmd_dir/tree
cmd_user=$cmd_dir/user
PF_CMD=$PWD/build/propfuzz
cmd_warn=(-std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Wvla -Werror)

# A copy of the tree's build (Makefile, sources) whose only target is tiny,
# linking "fakelib" (out/lib/fuzz/fakelib, as if built by build/lib-fakelib.sh);
# libpropfuzz and its objects are this tree's (symlinks, not rebuilt).
cmd_tiny_tree() {
  rm -rf "$cmd_dir" && mkdir -p "$cmd_tree/harness" "$cmd_tree/build/targets" "$cmd_user" || return 1
  make -s out/lib/libpropfuzz.a out/obj/pf/drivers/replay_main.o out/obj/pf/drivers/shrink_main.o \
    out/obj/pf/drivers/seed_main.o || return 1
  cp -rp Makefile include properties adapters "$cmd_tree/" && cp -p build/fetch-source.sh "$cmd_tree/build/" || return 1
  local lib=$cmd_tree/out/lib/fuzz/fakelib
  mkdir -p "$lib/include" && cp tests/command/fakelib.h "$lib/include/" || return 1
  clang -c tests/command/fakelib.c -o "$lib/fakelib.o" && ar rcs "$lib/libfake.a" "$lib/fakelib.o" || return 1
  ln -s "$PWD/out/obj" "$cmd_tree/out/obj" && ln -s "$PWD/out/lib/libpropfuzz.a" "$cmd_tree/out/lib/libpropfuzz.a"
  printf '#!/bin/sh\nexit 0\n' > "$cmd_tree/build/lib-fakelib.sh" && chmod +x "$cmd_tree/build/lib-fakelib.sh"
  touch -d '2000-01-01' "$cmd_tree/build/lib-fakelib.sh" && touch "$lib/.built" "$cmd_tree/out/.deps-ok"
  cp tests/command/tiny.c "$cmd_tree/harness/tiny.c"
  echo 'LIB_tiny := fakelib' > "$cmd_tree/build/targets/tiny.mk"
}

# Library headers are system headers: fakelib.h fails the strict warnings
# with -I (so this test can fail), and the tree builds tiny with -isystem.
cmd_tiny_builds() {
  cmd_tiny_tree || return 1
  if clang "${cmd_warn[@]}" -fsyntax-only -Iinclude -I"$cmd_tree/out/lib/fuzz/fakelib/include" \
       tests/command/tiny.c 2>/dev/null; then
    echo "fakelib.h passes -Wstrict-prototypes with -I: the test proves nothing"; return 1
  fi
  make -s -C "$cmd_tree" out/replay/tiny out/libfuzzer/tiny out/shrink/tiny out/tools/tiny-seeds || return 1
  grep -q -- '-isystem out/lib/fuzz/fakelib/include' "$cmd_tree/out/flags/tiny.fuzz"
}
step "command/isystem-tiny-target" cmd_tiny_builds

# No seeds, no corpus, no dictionary: recommended, not required.
cmd_no_seeds() {
  local out
  out=$("$cmd_tree/out/tools/tiny-seeds" "$cmd_dir/seeds" 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q '^seeds: no seeds (recommended: define pf_target_seeds' <<<"$out" || return 1
  out=$(cd "$cmd_user" && "$PF_CMD" fuzz tiny --bin-dir ../tree/out --time 2 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  ! grep -q 'No such file' <<<"$out" &&
    [ "$(grep -c 'no seeds in corpus/tiny' <<<"$out")" = 1 ] &&
    [ "$(grep -c 'no dictionary (dict/tiny.dict)' <<<"$out")" = 1 ] &&
    grep -q '^propfuzz: statistics of the corpus the run built' <<<"$out" &&
    grep -q '^propfuzz: run ended; nothing new found' <<<"$out" || return 1
  out=$(cd "$cmd_user" && "$PF_CMD" replay tiny --bin-dir ../tree/out 2>&1) || { echo "$out"; return 1; }
  echo "$out"
  grep -q 'no corpus at corpus/tiny: nothing to run' <<<"$out"
}
step "command/no-seeds-no-corpus" cmd_no_seeds

# Changed flags rebuild a target's binaries (out/flags/<t>.<flavour>), and
# the same flags again rebuild nothing.
cmd_flags_rebuild() {
  local bin=$cmd_tree/out/replay/tiny before after
  printf 'x' > "$cmd_dir/input"
  "$bin" "$cmd_dir/input" || { echo "tiny fails before the flag"; return 1; }
  before=$(stat -c %Y.%y "$bin")
  make -s -C "$cmd_tree" out/replay/tiny out/libfuzzer/tiny out/shrink/tiny CFLAGS_tiny=-DTINY_FAIL || return 1
  after=$(stat -c %Y.%y "$bin")
  [ "$before" != "$after" ] || { echo "out/replay/tiny was not rebuilt for CFLAGS_tiny"; return 1; }
  grep -q 'property=holds' <<<"$("$bin" "$cmd_dir/input")" || { echo "the rebuilt binary lacks -DTINY_FAIL"; return 1; }
  make -s -C "$cmd_tree" out/replay/tiny CFLAGS_tiny=-DTINY_FAIL || return 1
  [ "$(stat -c %Y.%y "$bin")" = "$after" ] || { echo "rebuilt although the flags did not change"; return 1; }
}
step "command/flags-rebuild" cmd_flags_rebuild

# From another directory, with relative paths: a finding is saved, triaged
# (FOUND, a .min and its report), and the keep hint is a command that works.
cmd_triage_anywhere() {
  local out rc hint
  out=$(cd "$cmd_user" && "$PF_CMD" fuzz tiny --bin-dir ../tree/out --time 20 2>&1); rc=$?
  echo "$out"
  [ $rc = 1 ] || { echo "expected exit 1 (a finding), got $rc"; return 1; }
  grep -q '^FOUND  property=holds' <<<"$out" || return 1
  ls "$cmd_user"/propfuzz-findings/tiny/holds-*.min.report.txt || return 1
  # The last hint is triage's, for the shrunk input (the report's, printed
  # as it failed, names the input as found).
  hint=$(sed -n 's/^.*keep it: //p' <<<"$out" | tail -1)
  grep -q "keep tiny --replay-bin ../tree/out/replay/tiny propfuzz-findings/tiny/holds-.*\.min$" <<<"$hint" ||
    { echo "keep hint: $hint"; return 1; }
  (cd "$cmd_user" && eval "$hint") || return 1
  ls "$cmd_user"/corpus/tiny/regress/holds-* || return 1
  out=$(cd "$cmd_user" && "$PF_CMD" replay tiny --bin-dir ../tree/out 2>&1) && { echo "$out"; return 1; }
  echo "$out"
  grep -q '^0 passed, 1 failed$' <<<"$out" || return 1
  # keep tells the target from a findings path, and says how to name it.
  local f; f=$(cd "$cmd_user" && ls propfuzz-findings/tiny/holds-* | grep -v '\.' | head -1)
  (cd "$cmd_user" && "$PF_CMD" keep "$f" --bin-dir ../tree/out --into kept) || return 1
  cp "$cmd_user/$f" "$cmd_dir/loose"
  out=$(cd "$cmd_user" && "$PF_CMD" keep ../loose --bin-dir ../tree/out 2>&1) && return 1
  echo "$out"
  grep -q 'pass the target: propfuzz keep <target> <file>' <<<"$out"
}
step "command/triage-from-another-dir" cmd_triage_anywhere

# Shrinking a file of a corpus or work directory writes nothing there: the
# .min and its report go to the findings directory (or --out).
cmd_shrink_out_of_corpus() {
  local w=$cmd_user/propfuzz-work/tiny out
  rm -rf "$w" "$cmd_user/propfuzz-findings" && mkdir -p "$w"
  printf 'x' > "$w/input"
  out=$(cd "$cmd_user" && "$PF_CMD" shrink tiny propfuzz-work/tiny/input --bin-dir ../tree/out 2>&1) ||
    { echo "$out"; return 1; }
  echo "$out"
  [ "$(ls -A "$w")" = input ] || { echo "wrote into the work corpus: $(ls "$w")"; return 1; }
  [ -f "$cmd_user/propfuzz-findings/tiny/input.min" ] &&
    grep -q 'property=holds' "$cmd_user/propfuzz-findings/tiny/input.min.report.txt" || return 1
  (cd "$cmd_user" && "$PF_CMD" shrink tiny propfuzz-work/tiny/input --bin-dir ../tree/out --out ../elsewhere.min) &&
    [ -s "$cmd_dir/elsewhere.min.report.txt" ] && [ "$(ls -A "$w")" = input ]
}
step "command/shrink-not-into-corpus" cmd_shrink_out_of_corpus

# A directory without inputs is a one-line error, unless -allow_empty.
cmd_replay_empty() {
  local e=$cmd_dir/empty out
  mkdir -p "$e/regress" && touch "$e/README"
  out=$(out/replay/codec "$e" 2>&1) && { echo "$out"; return 1; }
  echo "$out"
  [ "$out" = "replay: $e holds no inputs (pass -allow_empty if that is expected)" ] || return 1
  grep -q '^0 passed, 0 failed$' <<<"$(out/replay/codec -allow_empty "$e")" || return 1
  out=$("$PF_CMD" replay codec --bin-dir out --corpus "$e" 2>&1) && return 1
  grep -q 'holds no inputs' <<<"$out"
}
step "command/replay-empty-dir" cmd_replay_empty

# Ctrl-C (SIGINT to the process group) ends the run with the statistics
# and exit status 0.
cmd_sigint() {
  local d=$cmd_dir/sigint rc
  mkdir -p "$d"
  set -m
  "$PF_CMD" fuzz codec --bin-dir out --findings "$d/findings" --work "$d/work" > "$d/log" 2>&1 &
  local pid=$!
  set +m
  sleep 3
  kill -INT -- "-$pid"
  wait "$pid"; rc=$?
  grep -v '^#' "$d/log" | tail -5
  [ $rc = 0 ] || { echo "exit status $rc after Ctrl-C"; return 1; }
  grep -q '^propfuzz: statistics of the corpus the run built' "$d/log" &&
    grep -q '^propfuzz: run stopped (Ctrl-C)' "$d/log"
}
step "command/ctrl-c-statistics-exit-0" cmd_sigint

# A source package that cannot be had names the override, fast, offline.
cmd_fetch_override() {
  local out c=$cmd_dir/fetch-cache
  out=$(PF_SRC_pf_no_such_pkg=/nonexistent build/fetch-source.sh pf-no-such-pkg 1.0 2>&1) && return 1
  echo "$out"
  grep -q 'PF_SRC_pf_no_such_pkg=<dir>' <<<"$out" || return 1
  # An index that lists no such package (no network: the lists exist).
  mkdir -p "$c/apt/lists" && : > "$c/apt/lists/none_Sources"
  printf 'Types: deb-src\nURIs: http://127.0.0.1:9/none\nSuites: none\nComponents: main\n' > "$c/apt/sources.sources"
  out=$(PF_CACHE=$c timeout 20 build/fetch-source.sh pf-no-such-pkg 1.0 2>&1) && return 1
  echo "$out"
  [ "$out" = "propfuzz: no source package pf-no-such-pkg in Debian's index; set PF_SRC_pf_no_such_pkg=<dir> to its source" ]
}
step "command/fetch-source-names-override" cmd_fetch_override

# Misuse: one line that says what to do, exit 2.
cmd_misuse() {
  local out
  expect_misuse() { # PATTERN COMMAND...
    local want=$1; shift
    out=$("$@" 2>&1); local rc=$?
    echo "$* -> $rc: $out"
    [ $rc = 2 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q -- "$want" <<<"$out"
  }
  expect_misuse "unknown subcommand 'frob' (run: propfuzz help)" "$PF_CMD" frob codec &&
  expect_misuse "no replay binary for cbor (looked for ./cbor-replay, ./replay/cbor, build/cbor-replay, build/replay/cbor); build it or pass --replay-bin" \
    "$PF_CMD" replay cbor &&
  expect_misuse "no corpus at $cmd_dir/missing; pass an existing directory to --corpus" \
    "$PF_CMD" replay codec --bin-dir out --corpus "$cmd_dir/missing" &&
  expect_misuse "--time must be seconds (got 'abc')" "$PF_CMD" fuzz codec --bin-dir out --time abc &&
  expect_misuse "--jobs must be a positive number" "$PF_CMD" fuzz codec --bin-dir out --jobs 0 &&
  expect_misuse "no examples binary for codec" "$PF_CMD" examples codec --bin-dir "$cmd_dir/nobin" &&
  expect_misuse "no dictionary at nodict.dict" "$PF_CMD" fuzz codec --bin-dir out --dict nodict.dict &&
  expect_misuse "usage: propfuzz keep" "$PF_CMD" keep &&
  expect_misuse "unknown option --frob" "$PF_CMD" replay codec --frob || return 1
  out=$("$PF_CMD" --version) || return 1
  [ "$out" = "propfuzz $(sed -n 's/^#define PROPFUZZ_VERSION "\(.*\)"$/\1/p' include/propfuzz.h)" ]
}
step "command/misuse-one-line" cmd_misuse

# init writes a starter target that compiles, its dictionary and corpus.
cmd_init() {
  local d=$cmd_dir/init out
  mkdir -p "$d"
  (cd "$d" && "$PF_CMD" init starter) || return 1
  [ -f "$d/dict/starter.dict" ] && [ -d "$d/corpus/starter" ] || return 1
  clang "${cmd_warn[@]}" -fsyntax-only -Iinclude "$d/starter.c" || return 1
  out=$(cd "$d" && "$PF_CMD" init starter 2>&1) && return 1
  grep -q 'starter.c exists' <<<"$out"
}
step "command/init-starter-compiles" cmd_init

# make stats-<t> on the binary family's targets, whose labels and choice
# names live in each input's arena: the table printed at exit keeps its
# own copies (it once read them after the arena was freed).
cmd_stats() {
  local t out
  for t in codec bson; do
    out=$(make -s "stats-$t" 2>&1) || { echo "$out" | tail -30; return 1; }
    grep -q "^statistics of $t: " <<<"$out" && grep -q '^  labelled draws:' <<<"$out" &&
      grep -Eq '^    top_kind +uint +n=[1-9]' <<<"$out" || { echo "$out" | head -40; return 1; }
  done
}
step "command/stats-binary-family" cmd_stats
