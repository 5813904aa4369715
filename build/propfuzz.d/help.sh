# shellcheck shell=bash
# propfuzz help: the subcommands and options.
pf_cmd_help() {
  cat <<'H'
usage: propfuzz <subcommand> <target> [options] [-- engine flags]
  fuzz       libFuzzer until Ctrl-C (or --time); statistics, then triage of findings
  afl        AFL++ persistent mode with CmpLog (--time, --jobs, --deterministic)
  replay     run the corpus (or FILE|DIR...) in children under the sanitizers
  examples   run the example runner over the corpus (PF_EXAMPLES, PF_TIME, PF_SEED)
  shrink     shrink FILE to its smallest failing value (FILE.min, or --out)
  triage     replay, shrink and report FILE... as fuzz does after a run
  keep       [<target>] FILE: make a finding a regression test in <corpus>/regress/
  show       print the decoded draws of FILE
  stats      per property: inputs that checked it, skipped it, discarded
  merge      fold the work corpus into the corpus (inputs that add coverage)
  coverage   HTML coverage of the corpus (the cov binary; --out DIR)
  seeds      write the harness's seed values into the corpus
  mutate     mutation analysis of your library: --compdb <build>/compile_commands.json
             (its sources and compile commands; the harness: CMake's <target>-fuzz,
             or --harness FILE...); report in propfuzz-mutate/<target>/
  init       <name>: write a starter <name>.c, dict/<name>.dict, corpus/<name>/
  help, --version
options (paths relative to the current directory):
  --bin-dir DIR        binaries DIR/<target>-<kind> or DIR/<kind>/<target>
                       (default: ., then build); kinds: fuzz (dir libfuzzer),
                       replay, shrink, examples, seeds, afl, afl-cmplog, cov,
                       afl-mutator (DIR/afl-mutator/<target>.so, PF_MUTATOR=1)
  --<kind>-bin PATH    one binary explicitly (e.g. --replay-bin build/x-replay)
  --corpus DIR         seeds and regress/ (default corpus/<target>; optional)
  --dict FILE          dictionary (default dict/<target>.dict; optional)
  --findings DIR       where failing inputs are saved (default propfuzz-findings/<target>)
  --work DIR           the engine's corpus (default propfuzz-work/<target>)
  --time S  --jobs N  --seed N  --fork  --keep-going  --known DIR|FILE[:...]
  --engine-args 'ARGS' engine flags (or after --)
  --out PATH  --into DIR  --as-known  --afl-out DIR  --triage-time S
mutate: --compdb FILE|DIR  --harness FILE...  --sources GLOB... (narrows the
  library's entries)  --mutants N|all  --time S (per mutant and run)  --jobs N
  --seed N  --min-score PCT (exit 1 below it)  --baseline FILE...
  --baseline-time S (each baseline's fuzzing; --time)  --libs 'LDFLAGS'
  --equivalent FILE ("<id> <reason>" lines)  --out DIR
exit status: 0 done (fuzz: nothing new found, or stopped with Ctrl-C), 1 a
failure (fuzz: new findings when the run ended by itself; replay: a failing
input), 2 misuse, 130 interrupted during triage.
H
}
