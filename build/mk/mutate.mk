# Mutation analysis (build/mutate/): make mutate-<target>
#   MUTANTS=<n>|all  MUTANT_TIME=<s>  JOBS=<n>  SEED=<n>  MIN_SCORE=<pct>
#   MUTANT_IDS=<id,...>  MUTATOR=0|1 (the structure-aware mutator; PF_MUTATOR)
# The generator, pf-mutgen, reads C through libclang (libclang-14-dev).

LLVM_DIR := /usr/lib/llvm-14
MUTGEN := out/mutate/tool/pf-mutgen
MUTGEN_SRCS := $(wildcard build/mutate/*.c)

out/.deps-mutate-ok: build/deps.sh | out/.deps-ok
	@build/deps.sh packages libclang-14-dev
	@mkdir -p $(@D) && touch $@

$(MUTGEN): $(MUTGEN_SRCS) $(wildcard build/mutate/*.h) | out/.deps-mutate-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) -g -O1 -I$(LLVM_DIR)/include $(MUTGEN_SRCS) \
	  -L$(LLVM_DIR)/lib -lclang -Wl,-rpath,$(LLVM_DIR)/lib -o $@

MUTATE_PREREQS := $(MUTGEN) out/lib/libpropfuzz.a out/lib/cov/libpropfuzz.a \
                  out/obj/pf-cov/drivers/replay_main.o

# $(call mutate_env,<harness>,<libs>,<ldlibs>,<corpus>,<dict>): the target
# as build/mutate/run.sh sees it, with the flags every other build uses.
mutate_env = CC='$(CC)' PF_MUTATE_HARNESS='$(1)' PF_MUTATE_LIBS='$(2)' \
  PF_MUTATE_LDLIBS='$(3)' PF_MUTATE_CORPUS='$(4)' PF_MUTATE_DICT='$(5)' \
  PF_MUTATE_LIBFLAGS='$(LIBFLAGS_fuzz)' PF_MUTATE_HFLAGS='$(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iadapters $(CFLAGS_$*)' \
  PF_MUTATE_LINKFLAGS='$(DBG) $(SAN) -fsanitize=fuzzer' \
  PF_MUTATE_COV_LIBFLAGS='$(LIBFLAGS_cov)' PF_MUTATE_COV_HFLAGS='$(WARN) $(COV) -Iadapters $(CFLAGS_$*)' \
  PF_PROPFUZZ_A='$(CURDIR)/out/lib/libpropfuzz.a' \
  PF_PROPFUZZ_COV_A='$(CURDIR)/out/lib/cov/libpropfuzz.a' \
  PF_REPLAY_MAIN_COV_O='$(CURDIR)/out/obj/pf-cov/drivers/replay_main.o' \
  PF_MUTGEN='$(CURDIR)/$(MUTGEN)'

mutate-%: $$(call known,$(MUTATE_PREREQS) $$(if $$(PKGS_$$*),out/.pkgs-$$*))
	@$(call mutate_env,harness/$*.c $(wildcard harness/$*/*.c) $(call tadapt,$*),$(LIB_$*),$(LDLIBS_$*),corpus/$*,dict/$*.dict) \
	  build/mutate/run.sh $*

# The machinery's own test (tests/steps/mutate.sh): a tiny library with a
# tiny target whose verdicts are known. MUTATE_OUT says where it goes.
MUTATE_OUT ?= out/test-tmp/mutate
mutate-selftest: $(MUTATE_PREREQS)
	@$(call mutate_env,tests/mutate/tiny_target.c,tiny,,tests/mutate/corpus,/dev/null) \
	  PF_MUTATE_LIB_SCRIPTS='$(CURDIR)/tests/mutate' PF_MUTATE_OUT='$(MUTATE_OUT)' \
	  PF_MUTATE_EQUIVALENT=tests/mutate/equivalent.txt build/mutate/run.sh tiny
.PHONY: mutate-selftest
