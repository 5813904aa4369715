# Mutation analysis (build/mutate/): make mutate-<target>
#   MUTANTS=<n>|all  MUTANT_TIME=<s>  JOBS=<n>  SEED=<n>  MIN_SCORE=<pct>
#   MUTANT_IDS=<id,...>  SHARD=<i>/<n>  MUTATOR=0|1 (the structure-aware mutator)
#   BASELINE="<fuzz target file>..."  BASELINE_CORPUS=<dir>...
#   BASELINE_DICT=<file>...  BASELINE_SOURCES=<file>...  BASELINE_CFLAGS=...
#   BASELINE_TIME=<s> (each baseline fuzz target's fuzzing; MUTANT_TIME)
#   BASELINE=own: the library's own fuzz target, MUTATE_BASELINE_<target>
#   (build/targets/<target>.mk), seeded by MUTATE_BASELINE_SEEDS_<target>,
#   with MUTATE_BASELINE_DICT_<target>, _SOURCES_<target>, _CFLAGS_<target>,
#   _TIME_<target>.
# make mutate-merge-<target> SHARDS="<dir>...": the shards' one report.
# make mutate-table [SUMMARIES="<summary.json>..."]: a table of campaigns.
# make mutate-report-<target>: its report again, with equivalents listed since.
# make mutate-publish-<target>: the finished campaign's report, summary and
# mutants into bench/mutation/<target>/, the published campaigns.
# make mutate-readme: README.md's table of published campaigns regenerated.
# A target's campaign mutates the libraries of LIB_<target>, or those of
# MUTATE_LIBS_<target> (with MUTATE_LDLIBS_<target>) where the everyday
# build links a system library that cannot be mutated (numeric); only the
# files matching MUTATE_ONLY_<target> (shell patterns) when it is set.
# The generator, pf-mutgen, reads C through libclang (libclang-14-dev).

LLVM_DIR := /usr/lib/llvm-14
MUTGEN := out/mutate/tool/pf-mutgen
MUTGEN_SRCS := $(wildcard build/mutate/*.c)

# jq: bson's BASELINE=own seeds are read from the BSON Corpus's JSON files.
out/.deps-mutate-ok: build/deps.sh | out/.deps-ok
	@build/deps.sh packages libclang-14-dev jq
	@mkdir -p $(@D) && touch $@

$(MUTGEN): $(MUTGEN_SRCS) $(wildcard build/mutate/*.h) | out/.deps-mutate-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) -g -O1 -I$(LLVM_DIR)/include $(MUTGEN_SRCS) \
	  -L$(LLVM_DIR)/lib -lclang -Wl,-rpath,$(LLVM_DIR)/lib -o $@

MUTATE_CXX := clang++

# make install takes pf-mutgen along where libclang is installed (propfuzz
# mutate --compdb uses it); elsewhere the installed command builds it from
# the installed sources on first use.
install: $(if $(wildcard $(LLVM_DIR)/include/clang-c/Index.h),$(MUTGEN))

# Gates: a campaign run with MUTATE_GATE=1 (make nightly, the weekly
# workflow) fails below its target's MUTATE_MIN_SCORE_<target> (an explicit
# MIN_SCORE wins). The published scores less a margin of 5 points; a
# target without a measured score has no gate yet. From real campaigns
# (issue 22), each is to become its measured score less the margin.
# codec: its last campaign as run (before the equivalents found in its
# survivors were listed), less the margin: a new sample holds equivalents
# nobody has listed yet.
MUTATE_MIN_SCORE_codec := 89.1
# bson: its SEED=4 campaign (the sample drawn after SEED=3's survivors were
# worked) as run (75.4%, before its 29 equivalents were listed), less the
# margin.
MUTATE_MIN_SCORE_bson := 70.4
# jansson: its SEED=13 campaign (the sample drawn after the survivors of
# SEED=11 and SEED=12 were worked) as run (76.1%, before its 34
# equivalents were listed), less the margin.
MUTATE_MIN_SCORE_jansson := 71.1
# cjson: its SEED=12 campaign (the sample drawn after SEED=11's survivors
# were worked) as run, less the margin.
MUTATE_MIN_SCORE_cjson := 81.4
# csv: its SEED=12 campaign (a clean sample at 979844d, drawn after SEED=11's
# survivors were worked) as run, less the margin.
MUTATE_MIN_SCORE_csv := 86.9
# lz4: its SEED=23 campaign (drawn after reference; length_edges came
# after it) as run (72.7%, before its 6 equivalents were listed), less the
# margin.
MUTATE_MIN_SCORE_lz4 := 67.7
# jsonc: its SEED=32 campaign (the sample drawn after SEED=31's survivors
# were worked) as run (82.4%, before its 21 equivalents were listed), less
# the margin: a new sample holds equivalents nobody has listed yet.
MUTATE_MIN_SCORE_jsonc := 77.4
# zlib: its SEED=44 campaign (the sample drawn after reference_decode and
# the Z_BUF_ERROR check were added) as run (85.6%, 166/194; 86.9% with the
# 3 equivalents listed after it), less the margin.
MUTATE_MIN_SCORE_zlib := 80.6
# yajl: its SEED=52 campaign (the sample drawn after SEED=51's survivors
# were worked) as run (87.4%, before its 7 equivalents were listed), less
# the margin.
MUTATE_MIN_SCORE_yajl := 82.4
# zstd: its SEED=62 campaign (the sample drawn after SEED=61's survivors
# were worked: reference, small_buffer, reference_decode) as run (70.5%),
# less the margin.
MUTATE_MIN_SCORE_zstd := 65.5
# search: its first campaign, SEED=71 (FTS5's fts5.c only, MUTATE_ONLY),
# as run (49.0%), less the margin: the first sample, before its survivors
# were worked (spelling_invariant and fold_invariant came after it).
MUTATE_MIN_SCORE_search := 44.0
# json_differential: its first clean campaign, SEED=81 (json-c's mutants
# relinked), as run (69.1%), less the margin: a first sample.
MUTATE_MIN_SCORE_json_differential := 64.1
MUTATE_PREREQS := $(MUTGEN) out/lib/libpropfuzz.a out/lib/cov/libpropfuzz.a \
                  out/obj/pf-cov/drivers/replay_main.o

# $(call mutate_env,<harness>,<libs>,<ldlibs>,<corpus>,<dict>): the target
# as build/mutate/run.sh sees it, with the flags every other build uses.
mutate_env = CC='$(CC)' CXX='$(MUTATE_CXX)' PF_MUTATE_HARNESS='$(1)' PF_MUTATE_LIBS='$(2)' \
  PF_MUTATE_LDLIBS='$(3)' PF_MUTATE_CORPUS='$(4)' PF_MUTATE_DICT='$(5)' \
  PF_MUTATE_LIBFLAGS='$(LIBFLAGS_fuzz)' PF_MUTATE_HFLAGS='$(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iadapters $(CFLAGS_$*)' \
  PF_MUTATE_LINKFLAGS='$(DBG) $(SAN) -fsanitize=fuzzer' \
  PF_MUTATE_COV_LIBFLAGS='$(LIBFLAGS_cov)' PF_MUTATE_COV_HFLAGS='$(WARN) $(COV) -Iadapters $(CFLAGS_$*)' \
  PF_PROPFUZZ_A='$(CURDIR)/out/lib/libpropfuzz.a' \
  PF_PROPFUZZ_COV_A='$(CURDIR)/out/lib/cov/libpropfuzz.a' \
  PF_REPLAY_MAIN_COV_O='$(CURDIR)/out/obj/pf-cov/drivers/replay_main.o' \
  PF_MUTGEN='$(CURDIR)/$(MUTGEN)' \
  PF_MUTATE_OWN_FUZZER='$(MUTATE_BASELINE_$*)' PF_MUTATE_OWN_SEEDS='$(MUTATE_BASELINE_SEEDS_$*)' \
  PF_MUTATE_OWN_DICT='$(MUTATE_BASELINE_DICT_$*)' PF_MUTATE_OWN_SOURCES='$(MUTATE_BASELINE_SOURCES_$*)' \
  PF_MUTATE_OWN_CFLAGS='$(MUTATE_BASELINE_CFLAGS_$*)' PF_MUTATE_OWN_TIME='$(MUTATE_BASELINE_TIME_$*)' \
  PF_MUTATE_GATE='$(MUTATE_MIN_SCORE_$*)' PF_MUTATE_ONLY='$(MUTATE_ONLY_$*)'

mutate_libs = $(if $(MUTATE_LIBS_$(1)),$(MUTATE_LIBS_$(1)),$(LIB_$(1)))
mutate_ldlibs = $(if $(MUTATE_LIBS_$(1)),$(MUTATE_LDLIBS_$(1)),$(LDLIBS_$(1)))

# Before the pattern rule mutate-%: the longer stems win anyway, but say it.
mutate-merge-%: $$(call known,build/mutate/merge.sh)
	@PF_MUTATE_GATE='$(MUTATE_MIN_SCORE_$*)' build/mutate/merge.sh $* \
	  $(if $(SHARDS),$(SHARDS),$(wildcard out/mutate/$*/shard-*-of-*))

MUTATE_SUMMARIES = $(if $(SUMMARIES),$(SUMMARIES),$(wildcard out/mutate/*/summary.json))
mutate-table:
	@build/mutate/table.sh $(MUTATE_SUMMARIES)
mutate-readme:
	@build/mutate/readme.sh README.md $(wildcard bench/mutation/*/summary.json)
.PHONY: mutate-table mutate-readme
# make mutate-report-<target>: a finished campaign's report written again,
# with the equivalents listed since its run left out of the score (its
# kills and survivors are those of the run).
mutate-report-%: $$(call known,build/mutate/report.sh)
	@PF_MUTATE_OUT=out/mutate/$* PF_MUTATE_EQUIVALENT=build/mutate/equivalent/$*.txt build/mutate/report.sh $*
mutate-publish-%: $$(call known,build/mutate/publish.sh)
	@build/mutate/publish.sh out/mutate/$* bench/mutation/$*

mutate-%: $$(call known,$(MUTATE_PREREQS) $$(if $$(PKGS_$$*),out/.pkgs-$$*))
	@$(call mutate_env,harness/$*.c $(wildcard harness/$*/*.c) $(call tadapt,$*),$(call mutate_libs,$*),$(call mutate_ldlibs,$*),corpus/$*,dict/$*.dict) \
	  build/mutate/run.sh $*

# The machinery's own test (tests/steps/mutate.sh): a tiny library with a
# tiny target whose verdicts are known. MUTATE_OUT says where it goes;
# MUTATE_SELFTEST_LIB=tiny_iso builds the library as one object with local
# symbols (tests/mutate/lib-tiny_iso.sh), which a mutant must relink.
MUTATE_OUT ?= out/test-tmp/mutate
MUTATE_SELFTEST_LIB ?= tiny
mutate-selftest: $(MUTATE_PREREQS)
	@$(call mutate_env,tests/mutate/tiny_target.c,$(MUTATE_SELFTEST_LIB),,tests/mutate/corpus,/dev/null) \
	  PF_MUTATE_LIB_SCRIPTS='$(CURDIR)/tests/mutate' PF_MUTATE_OUT='$(MUTATE_OUT)' \
	  PF_MUTATE_EQUIVALENT=tests/mutate/equivalent.txt build/mutate/run.sh tiny
.PHONY: mutate-selftest
