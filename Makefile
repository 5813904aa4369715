# propfuzz — property-based, coverage-guided fuzzing for C.
#
#   make fuzz-<target>     libFuzzer on the target (FUZZ_TIME=<s>, JOBS=<n>, FUZZ_ARGS=...)
#   make test              everything CI checks (tests/run.sh)
#   make replay-<target>   replay corpus/<target>/ (seeds and regress files)
#   make seeds-<target>    rewrite corpus/<target>/ seeds from the values in the harness
#   make show-<target> FILE=<file>   print the decoded draws of any input
#
# Outputs go to out/ (git-ignored). Libraries under test are built from
# Debian source packages by build/lib-<name>.sh.

CC := clang
SHELL := /bin/bash

TARGETS := $(basename $(notdir $(wildcard harness/*.c)))
# The library under test of each target: build/lib-<name>.sh builds it.
LIB_codec := msgpack

WARN := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wvla -Werror
DBG := -g -O1 -fno-omit-frame-pointer
SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# The library under test is instrumented for coverage; propfuzz itself is
# not, so the fuzzer's feedback is about the library, not the decoder.
FLAVOR_fuzz := $(DBG) $(SAN) -fsanitize=fuzzer-no-link

FUZZ_TIME ?=
JOBS ?= 1
FUZZ_ARGS ?=

PF_SRCS := $(filter-out properties/replay_main.c properties/seed_main.c, \
             $(wildcard properties/*.c))
PF_HDRS := include/propfuzz.h properties/pf_internal.h

# fuzz-<t>, replay-<t>, ... are pattern rules; make skips implicit-rule
# search for phony targets, so they are not listed here.
.PHONY: all test clean deps
.SECONDEXPANSION:
.SECONDARY:
.DELETE_ON_ERROR:

all: $(addprefix out/libfuzzer/,$(TARGETS)) $(addprefix out/replay/,$(TARGETS))

deps: out/.deps-ok
out/.deps-ok: build/deps.sh
	@build/deps.sh core
	@mkdir -p out && touch $@

# --- libpropfuzz, built with the sanitizers ------------------------------
out/obj/pf/%.o: properties/%.c $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -Iinclude -c $< -o $@

out/lib/libpropfuzz.a: $(patsubst properties/%.c,out/obj/pf/%.o,$(PF_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# --- libraries under test, from Debian source -----------------------------
out/lib/fuzz/%/.built: build/lib-%.sh build/fetch-source.sh | out/.deps-ok
	build/lib-$*.sh $(@D) $(CC) $(FLAVOR_fuzz)
	@touch $@

# A target without LIB_<target> links only libc and propfuzz.
LIBDIR = out/lib/fuzz/$(LIB_$*)
LIBINC = $(if $(LIB_$*),-I$(LIBDIR)/include)
LIBA = $(if $(LIB_$*),$(LIBDIR)/*.a)
TARGET_DEPS = harness/%.c out/lib/libpropfuzz.a \
              $$(if $$(LIB_$$*),out/lib/fuzz/$$(LIB_$$*)/.built)

# --- one harness, three binaries (design §2) ------------------------------
out/libfuzzer/%: $(TARGET_DEPS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iinclude $(LIBINC) \
	  $< out/lib/libpropfuzz.a $(LIBA) -o $@

out/replay/%: $(TARGET_DEPS) out/obj/pf/replay_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FLAVOR_fuzz) -Iinclude $(LIBINC) \
	  $< out/obj/pf/replay_main.o out/lib/libpropfuzz.a $(LIBA) -o $@

out/tools/%-seeds: $(TARGET_DEPS) out/obj/pf/seed_main.o
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FLAVOR_fuzz) -Iinclude $(LIBINC) \
	  $< out/obj/pf/seed_main.o out/lib/libpropfuzz.a $(LIBA) -o $@

# --- tests of propfuzz itself ----------------------------------------------
out/tests/%: tests/%.c out/lib/libpropfuzz.a
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -Iinclude $< out/lib/libpropfuzz.a -lm -o $@

# The draw-speed micro-benchmark: the decoder as fuzzing runs it, -O2, no
# sanitizers (they would measure themselves).
out/bench/draw_speed: bench/draw_speed.c $(PF_SRCS) $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -g -Iinclude -Iproperties bench/draw_speed.c $(PF_SRCS) -lm -o $@

# A planted-bug build of a target: tests/planted/<target>/<property>.h wraps
# the library calls of harness/<target>.c (see its CODEC_* hooks).
ptarget = $(firstword $(subst /, ,$(1)))
out/planted/%: tests/planted/%.h harness/$$(call ptarget,$$*).c out/lib/libpropfuzz.a \
               out/lib/fuzz/$$(LIB_$$(call ptarget,$$*))/.built
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iinclude \
	  -Iout/lib/fuzz/$(LIB_$(call ptarget,$*))/include -I$(<D) -DPF_PLANT='"$(<F)"' \
	  harness/$(call ptarget,$*).c out/lib/libpropfuzz.a out/lib/fuzz/$(LIB_$(call ptarget,$*))/*.a -o $@

# --- workflows --------------------------------------------------------------
# $(call known,<file>): the file when $* is a target, else unknown-target.
known = $(if $(filter $*,$(TARGETS)),$(1),unknown-target)

fuzz-%: $$(call known,out/libfuzzer/$$*)
	@mkdir -p out/work/$* out/findings/$*
	@test -f dict/$*.dict || { echo "propfuzz: dict/$*.dict is missing"; exit 1; }
	PF_FINDINGS_DIR=out/findings/$* out/libfuzzer/$* \
	  -dict=dict/$*.dict -artifact_prefix=out/findings/$*/ \
	  $(if $(FUZZ_TIME),-max_total_time=$(FUZZ_TIME)) \
	  $(if $(filter-out 1,$(JOBS)),-fork=$(JOBS)) \
	  $(FUZZ_ARGS) out/work/$* corpus/$*

replay-%: $$(call known,out/replay/$$*)
	out/replay/$* corpus/$*

show-%: $$(call known,out/replay/$$*)
	@test -n "$(FILE)" || { echo "usage: make show-$* FILE=<input file>"; exit 2; }
	PF_NO_FORK=1 PF_SHOW=1 out/replay/$* $(FILE)

seeds-%: $$(call known,out/tools/$$*-seeds)
	@mkdir -p corpus/$*
	out/tools/$*-seeds corpus/$*

test: out/.deps-ok
	@tests/run.sh

clean:
	rm -rf out/obj out/lib out/libfuzzer out/replay out/tools out/tests out/planted out/bench

# An unknown target gets one line saying what exists.
.PHONY: unknown-target
unknown-target:
	@echo "propfuzz: no such target (targets: $(TARGETS); each is harness/<target>.c)" >&2; exit 2
