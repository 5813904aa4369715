# propfuzz — property-based, coverage-guided fuzzing for C.
#
# The workflow rules call the one command, build/propfuzz (propfuzz help),
# with this tree's layout (binaries under out/, findings out/findings/<t>):
#   make fuzz-<target>       libFuzzer (FUZZ_TIME=<s>, JOBS=<n>, FUZZ_ARGS=...)
#   make afl-<target>        AFL++ persistent mode (FUZZ_TIME=<s>, JOBS=<n>)
#   make test                everything CI checks (tests/run.sh)
#   make replay-<target>     replay corpus/<target>/ (seeds, regress/, known/)
#   make show-<target> FILE=<file>   print the decoded draws of any input
#   make keep FILE=<finding>         make a finding a regression test
#   make merge-<target>      fold out/work/<target> into corpus/<target>
#   make coverage-<target>   HTML coverage report under out/coverage/<target>
#   make seeds-<target>      rewrite corpus/<target>/ seeds from the harness's values
#   make install PREFIX=<dir>   headers, libraries, pkg-config, CMake package, command
#
# Outputs go to out/ (git-ignored). Libraries under test are built from
# Debian source packages by build/lib-<name>.sh.

CC := clang
SHELL := /bin/bash

TARGETS := $(basename $(notdir $(wildcard harness/*.c)))
# A target is harness/<t>.c, plus harness/<t>/*.c when a large one splits
# its strategy or helpers into files of their own (one concept each).
# Its adapters (ADAPTERS_<t>, adapters/<a>.c) are compiled in the same way.
tsrc = harness/$(1).c $(wildcard harness/$(1)/*.c) $(call tadapt,$(1))
tdeps = $$(wildcard harness/$(1)/*.c harness/$(1)/*.h) \
        $$(foreach a,$$(ADAPTERS_$(1)),adapters/$$(a).c) $(wildcard adapters/*.h)
# Each target's build settings live in build/targets/<target>.mk:
#   LIB_<target> := <lib>...   libraries built by build/lib-<lib>.sh
#   LDLIBS_<target> := -l...   system libraries, from the Debian packages
#   PKGS_<target> := <pkg>...  that build/deps.sh installs when missing
#   CFLAGS_<target> := -I...   extra compile flags (a system library's headers)
#   ADAPTERS_<target> := <a>...  adapters/<a>.c compiled into the target
#                                beside its harness (how a library is
#                                called, written once for every target
#                                that calls it; adapters/json_adapters.h)
include $(wildcard build/targets/*.mk)

WARN := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wvla -Werror
DBG := -g -O1 -fno-omit-frame-pointer
SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
COV := -g -O1 -fprofile-instr-generate -fcoverage-mapping

# How each flavour compiles the library under test. Only the library is
# instrumented for the fuzzer; propfuzz itself is not, so the feedback is
# about the library, not the decoder.
LIBCC_fuzz := $(CC)
LIBFLAGS_fuzz := $(DBG) $(SAN) -fsanitize=fuzzer-no-link
LIBCC_afl := afl-clang-fast
LIBFLAGS_afl := $(DBG) $(SAN)
LIBCC_cmplog := afl-clang-fast
LIBENV_cmplog := AFL_LLVM_CMPLOG=1
LIBFLAGS_cmplog := $(DBG) $(SAN)
LIBCC_cov := $(CC)
LIBFLAGS_cov := $(COV)

FUZZ_TIME ?=
JOBS ?= 1
FUZZ_ARGS ?=

# libpropfuzz is properties/<part>/*.c: a folder per part (core runtime,
# draws, oracles, shrinker, the families), internal headers beside their
# code. properties/drivers/ holds the mains linked instead of an engine.
PF_MAINS := $(wildcard properties/drivers/*.c)
PF_SRCS := $(filter-out $(PF_MAINS),$(wildcard properties/*/*.c))
PF_HDRS := $(wildcard include/*.h properties/*/*.h)

# make -s print-<VAR> prints a variable: scripts (bench/run.sh) take the
# library's source list from here rather than globbing properties/.
print-%:
	@echo $($*)

# fuzz-<t>, afl-<t>, ... are pattern rules; make skips implicit-rule search
# for phony targets, so they are not listed here.
.PHONY: all test clean deps keep unknown-target
.SECONDEXPANSION:
.SECONDARY:
.DELETE_ON_ERROR:

all: $(addprefix out/libfuzzer/,$(TARGETS)) $(addprefix out/replay/,$(TARGETS))

deps: out/.deps-ok
out/.deps-ok: build/deps.sh
	@build/deps.sh core
	@mkdir -p out && touch $@
out/.deps-afl-ok: build/deps.sh
	@build/deps.sh afl
	@mkdir -p out && touch $@

# --- libpropfuzz: with the sanitizers (san) and for coverage (cov) ---------
out/obj/pf/%.o: properties/%.c $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -Iinclude -c $< -o $@

out/lib/libpropfuzz.a: $(patsubst properties/%.c,out/obj/pf/%.o,$(PF_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

out/obj/pf-cov/%.o: properties/%.c $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(COV) -Iinclude -c $< -o $@

out/lib/cov/libpropfuzz.a: $(patsubst properties/%.c,out/obj/pf-cov/%.o,$(PF_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# --- libraries under test, from Debian source: out/lib/<flavour>/<lib>/ ---
flav = $(firstword $(subst /, ,$(1)))
libname = $(notdir $(1))
# build/fetch-source.sh only finds a pinned source (its messages change, the
# source does not): order-only, so editing it rebuilds no library.
out/lib/%/.built: build/lib-$$(call libname,$$*).sh \
                  $$(if $$(filter afl cmplog,$$(call flav,$$*)),out/.deps-afl-ok) | out/.deps-ok build/fetch-source.sh
	$(LIBENV_$(call flav,$*)) build/lib-$(call libname,$*).sh $(@D) $(LIBCC_$(call flav,$*)) \
	  $(LIBFLAGS_$(call flav,$*))
	@touch $@

# LIB_<target> lists the libraries a target links (none: libc and propfuzz
# only); LDLIBS_<target> adds system libraries (-l...).
# $(call tlibinc,<flavour>,<target>) and $(call tliba,...) in recipes;
# $(call libdep,<flavour>) in prerequisites of rules whose stem is a target.
# A library's headers are system headers (-isystem): a header declaring
# f() must not fail the target's -Wstrict-prototypes -Werror.
tlibinc = $(foreach l,$(LIB_$(2)),-isystem out/lib/$(1)/$(l)/include)
tliba = $(foreach l,$(LIB_$(2)),out/lib/$(1)/$(l)/*.a) $(LDLIBS_$(2))
libinc = $(call tlibinc,$(1),$*)
liba = $(call tliba,$(1),$*)
libdep = $$(foreach l,$$(LIB_$$*),out/lib/$(1)/$$(l)/.built) $$(if $$(PKGS_$$*),out/.pkgs-$$*)

# A target's adapters: $(call tadapt,<target>) their sources (tsrc adds
# them to every compile of a target), $(adapt) and $(adaptdep) for rules
# whose stem is a target but whose source is not its harness (restrict).
INC := -Iinclude -Iadapters
tadapt = $(foreach a,$(ADAPTERS_$(1)),adapters/$(a).c)
adapt = $(call tadapt,$*)
adaptdep = $$(call tadapt,$$*) $(wildcard adapters/*.h)

# A target's system packages, installed once (and again if its .mk changes).
out/.pkgs-%: build/targets/%.mk build/deps.sh
	@build/deps.sh packages $(PKGS_$*)
	@mkdir -p $(@D) && touch $@

# A target's build flags per flavour (fuzz, afl, cmplog, cov):
# out/flags/<target>.<flavour> holds them and build/targets/<target>.mk's
# checksum, rewritten only when they change, so `make fuzz-codec
# CFLAGS_codec=-DX` rebuilds codec's binaries, and the next make without it
# rebuilds them back (keep and replay use what the last build made).
tflagsof = $(CC) $(WARN) $(DBG) $(SAN) $(COV) | $(LIBFLAGS_$(2)) | $(CFLAGS_$(1)) | \
  $(call tlibinc,$(2),$(1)) | $(call tliba,$(2),$(1)) | $(ADAPTERS_$(1)) | $(AFL_DRIVER) | \
  $(shell cksum < build/targets/$(1).mk 2>/dev/null)
out/flags/%: FORCE
	$(shell mkdir -p $(@D))$(file >$@.new,$(call tflagsof,$(basename $*),$(patsubst .%,%,$(suffix $*))))
	@cmp -s $@.new $@ && rm -f $@.new || mv -f $@.new $@
FORCE:
.PHONY: FORCE
flags = out/flags/$$*.$(1)

# --- one harness, several binaries (design §2) ------------------------------
out/libfuzzer/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer $(INC) $(CFLAGS_$*) $(call libinc,fuzz) \
	  $(call tsrc,$*) out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

out/replay/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz) out/obj/pf/drivers/replay_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$*) $(call libinc,fuzz) \
	  $(call tsrc,$*) out/obj/pf/drivers/replay_main.o out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

# The example runner: the target as an ordinary unit test (corpus, then
# generated examples; no engine), with the sanitizers.
out/examples/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz) out/obj/pf/drivers/example_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$*) $(call libinc,fuzz) \
	  $(call tsrc,$*) out/obj/pf/drivers/example_main.o out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

# AFL++ persistent mode: afl-clang-fast and Debian's libAFLDriver.a.
AFL_DRIVER := /usr/lib/afl/libAFLDriver.a
out/afl/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,afl) $(call flags,afl) | out/.deps-afl-ok
	@mkdir -p $(@D)
	afl-clang-fast $(WARN) $(DBG) $(SAN) $(INC) $(CFLAGS_$*) $(call libinc,afl) \
	  $(call tsrc,$*) out/lib/libpropfuzz.a $(call liba,afl) $(AFL_DRIVER) -lm -o $@

out/afl-cmplog/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,cmplog) $(call flags,cmplog) | out/.deps-afl-ok
	@mkdir -p $(@D)
	AFL_LLVM_CMPLOG=1 afl-clang-fast $(WARN) $(DBG) $(SAN) $(INC) $(CFLAGS_$*) $(call libinc,cmplog) \
	  $(call tsrc,$*) out/lib/libpropfuzz.a $(call liba,cmplog) $(AFL_DRIVER) -lm -o $@

# Source-based coverage: the replay driver over a corpus.
out/cov/%: harness/%.c $(call tdeps,$$*) out/lib/cov/libpropfuzz.a $(call libdep,cov) $(call flags,cov) out/obj/pf-cov/drivers/replay_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(COV) $(INC) $(CFLAGS_$*) $(call libinc,cov) \
	  $(call tsrc,$*) out/obj/pf-cov/drivers/replay_main.o out/lib/cov/libpropfuzz.a $(call liba,cov) -lm -o $@

# The structural shrinker, as a tool: out/shrink/<target> FILE.
out/shrink/%: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz) out/obj/pf/drivers/shrink_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$*) $(call libinc,fuzz) \
	  $(call tsrc,$*) out/obj/pf/drivers/shrink_main.o out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

out/tools/%-seeds: harness/%.c $(call tdeps,$$*) out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz) out/obj/pf/drivers/seed_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$*) $(call libinc,fuzz) \
	  $(call tsrc,$*) out/obj/pf/drivers/seed_main.o out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

# --- tests of propfuzz itself ----------------------------------------------
out/tests/%: tests/%.c tests/testkit.h out/lib/libpropfuzz.a
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -Iinclude -Iproperties $< out/lib/libpropfuzz.a -lm -o $@

# A restriction test of a target: tests/restrict/<target>.c shows, against
# the real library, that each value the target's strategy excludes is
# really refused or changed by the library (so the exclusion hides no bug).
out/restrict/%: tests/restrict/%.c tests/testkit.h out/lib/libpropfuzz.a $(call libdep,fuzz) $(call flags,fuzz) $(adaptdep)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) $(INC) -Itests $(CFLAGS_$*) $(call libinc,fuzz) \
	  $< $(adapt) out/lib/libpropfuzz.a $(call liba,fuzz) -lm -o $@

# The draw-speed micro-benchmark: the decoder as fuzzing runs it, -O2, no
# sanitizers (they would measure themselves).
out/bench/draw_speed: bench/draw_speed.c $(PF_SRCS) $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -g -Iinclude -Iproperties bench/draw_speed.c $(PF_SRCS) -lm -o $@

# A planted-bug build of a target: tests/planted/<target>/<property>.h wraps
# library calls of harness/<target>.c or of its adapters (it is included
# after the library's headers and #defines a library function's name to
# its wrapper), and only that property's checks are on (PF_PLANT_ONLY, from
# the file's name). A property's further planted bugs are named
# <property>-<bug>.h: property names have no '-'.
ptarget = $(firstword $(subst /, ,$(1)))
pprop = $(firstword $(subst -, ,$(basename $(notdir $(1)))))
pdeps = $$(foreach l,$$(LIB_$$(call ptarget,$$*)),out/lib/fuzz/$$(l)/.built) out/flags/$$(call ptarget,$$*).fuzz \
        $$(if $$(PKGS_$$(call ptarget,$$*)),out/.pkgs-$$(call ptarget,$$*)) \
        $$(call tadapt,$$(call ptarget,$$*)) $(wildcard adapters/*.h)
out/planted/%: tests/planted/%.h harness/$$(call ptarget,$$*).c $$(wildcard harness/$$(call ptarget,$$*)/*) out/lib/libpropfuzz.a $(pdeps)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer $(INC) $(CFLAGS_$(call ptarget,$*)) \
	  $(call tlibinc,fuzz,$(call ptarget,$*)) -I$(<D) -DPF_PLANT='"$(<F)"' -DPF_PLANT_ONLY='"$(call pprop,$<)"' \
	  $(call tsrc,$(call ptarget,$*)) out/lib/libpropfuzz.a $(call tliba,fuzz,$(call ptarget,$*)) -lm -o $@

out/planted-replay/%: tests/planted/%.h harness/$$(call ptarget,$$*).c $$(wildcard harness/$$(call ptarget,$$*)/*) out/lib/libpropfuzz.a \
                      $(pdeps) out/obj/pf/drivers/replay_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$(call ptarget,$*)) \
	  $(call tlibinc,fuzz,$(call ptarget,$*)) -I$(<D) -DPF_PLANT='"$(<F)"' -DPF_PLANT_ONLY='"$(call pprop,$<)"' \
	  $(call tsrc,$(call ptarget,$*)) out/obj/pf/drivers/replay_main.o out/lib/libpropfuzz.a \
	  $(call tliba,fuzz,$(call ptarget,$*)) -lm -o $@

out/planted-shrink/%: tests/planted/%.h harness/$$(call ptarget,$$*).c $$(wildcard harness/$$(call ptarget,$$*)/*) out/lib/libpropfuzz.a \
                      $(pdeps) out/obj/pf/drivers/shrink_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$(call ptarget,$*)) \
	  $(call tlibinc,fuzz,$(call ptarget,$*)) -I$(<D) -DPF_PLANT='"$(<F)"' -DPF_PLANT_ONLY='"$(call pprop,$<)"' \
	  $(call tsrc,$(call ptarget,$*)) out/obj/pf/drivers/shrink_main.o out/lib/libpropfuzz.a \
	  $(call tliba,fuzz,$(call ptarget,$*)) -lm -o $@

out/planted-examples/%: tests/planted/%.h harness/$$(call ptarget,$$*).c $$(wildcard harness/$$(call ptarget,$$*)/*) out/lib/libpropfuzz.a \
                      $(pdeps) out/obj/pf/drivers/example_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) $(CFLAGS_$(call ptarget,$*)) \
	  $(call tlibinc,fuzz,$(call ptarget,$*)) -I$(<D) -DPF_PLANT='"$(<F)"' -DPF_PLANT_ONLY='"$(call pprop,$<)"' \
	  $(call tsrc,$(call ptarget,$*)) out/obj/pf/drivers/example_main.o out/lib/libpropfuzz.a \
	  $(call tliba,fuzz,$(call ptarget,$*)) -lm -o $@

# Feature rules (mutation analysis, statistics, nightly, ...) live in
# build/mk/<feature>.mk.
include $(wildcard build/mk/*.mk)

# --- workflows --------------------------------------------------------------
# $(call known,<file>): the file when $* is a target, else unknown-target.
known = $(if $(filter $*,$(TARGETS)),$(1),unknown-target)

# The rules pass this tree's paths and the target's own libFuzzer options
# (LIBFUZZER_OPTS_<t>); FUZZ_ARGS come after them, so they win.
PF := build/propfuzz
pfpaths = --bin-dir out --corpus corpus/$* --findings out/findings/$* --work out/work/$*
pftime = $(if $(FUZZ_TIME),--time '$(FUZZ_TIME)')

fuzz-%: $$(call known,out/libfuzzer/$$* out/replay/$$* out/shrink/$$*)
	@PF_STATS_DIR=out/stats/$* $(PF) fuzz $* $(pfpaths) $(pftime) --jobs '$(JOBS)' \
	  $(if $(filter fork,$(LF_PARALLEL)),--fork) --engine-args '$(LIBFUZZER_OPTS_$*) $(FUZZ_ARGS)'

afl-%: $$(call known,out/afl/$$* out/afl-cmplog/$$* out/replay/$$* out/shrink/$$*)
	@$(call afl_mutator_build,$*)
	@PF_STATS_DIR=out/stats/$* $(PF) afl $* $(pfpaths) --afl-out out/afl-out/$* $(pftime) --jobs '$(JOBS)' \
	  $(if $(filter 1,$(AFL_DETERMINISTIC)),--deterministic) --engine-args '$(FUZZ_ARGS)'

replay-%: $$(call known,out/replay/$$*)
	@$(PF) replay $* --bin-dir out --corpus corpus/$*

show-%: $$(call known,out/replay/$$*)
	@test -n "$(FILE)" || { echo "usage: make show-$* FILE=<input file>" >&2; exit 2; }
	@$(PF) show $* --bin-dir out '$(FILE)'

# Keeps only work-corpus inputs that add coverage (libFuzzer -merge=1).
# MERGE_INTO / MERGE_FROM point it elsewhere (tests use copies).
MERGE_INTO ?=
MERGE_FROM ?=
merge-%: $$(call known,out/libfuzzer/$$*)
	@$(PF) merge $* --bin-dir out --corpus $(or $(MERGE_INTO),corpus/$*) --work $(or $(MERGE_FROM),out/work/$*)

# Shrinks FILE to its smallest failing value: FILE.min and its report
# (out/findings/<t>/ for a file of the corpus or the work corpus).
shrink-%: $$(call known,out/shrink/$$*)
	@test -n "$(FILE)" || { echo "usage: make shrink-$* FILE=<failing input>" >&2; exit 2; }
	@$(PF) shrink $* $(pfpaths) '$(FILE)'

# The target as an ordinary unit test: its corpus, then generated
# examples (PF_EXAMPLES, PF_TIME, PF_SEED), no engine.
examples-%: $$(call known,out/examples/$$*)
	@$(PF) examples $* $(pfpaths) $(pftime)

coverage-%: $$(call known,out/cov/$$*)
	@$(PF) coverage $* --bin-dir out --corpus corpus/$* --work out/work/$* --out out/coverage/$*

seeds-%: $$(call known,out/tools/$$*-seeds)
	@$(PF) seeds $* --bin-dir out --corpus corpus/$*

# make keep FILE=<finding> [TARGET=<t>] [KNOWN=1] [REGRESS_DIR=<dir>]
keep:
	@test -n "$(FILE)" || { echo "usage: make keep FILE=<finding> [TARGET=<t>] [KNOWN=1]" >&2; exit 2; }
	@$(PF) keep $(TARGET) '$(FILE)' --bin-dir out $(if $(filter 1,$(KNOWN)),--as-known) \
	  $(if $(REGRESS_DIR),--into '$(REGRESS_DIR)')

test:
	@build/deps.sh all
	@tests/run.sh

clean:
	rm -rf out/obj out/lib out/flags out/libfuzzer out/replay out/afl out/afl-cmplog out/afl-mutator out/cov \
	  out/tools out/tests out/planted out/planted-replay out/planted-shrink out/planted-examples \
	  out/examples out/bench out/shrink out/install-build

unknown-target:
	@echo "propfuzz: no such target (targets: $(TARGETS); each is harness/<target>.c)" >&2; exit 2
