# AFL++'s custom mutator of a target (properties/mutator/afl_hooks.c):
# out/afl-mutator/<t>.so, which afl-fuzz loads (AFL_CUSTOM_MUTATOR_LIBRARY)
# when PF_MUTATOR=1. It runs the target's property in record mode inside
# afl-fuzz, so the harness, libpropfuzz and the library under test are
# compiled -fPIC, without the sanitizers or AFL's instrumentation (afl-fuzz
# has neither runtime), and only the afl_custom_* entry points are
# exported: hidden visibility, the archives' symbols kept local, and
# -Bsymbolic so no symbol of afl-fuzz takes the place of one of ours.
# The library's flavour "pic" is built by build/lib-<lib>.sh like the
# others (out/lib/pic/<lib>).
PICFLAGS := -g -O2 -fPIC -fvisibility=hidden
LIBCC_pic := $(CC)
LIBFLAGS_pic := $(PICFLAGS)

out/obj/pf-pic/%.o: properties/%.c $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(PICFLAGS) -Iinclude -c $< -o $@

out/lib/pic/libpropfuzz.a: $(patsubst properties/%.c,out/obj/pf-pic/%.o,$(PF_SRCS))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

out/afl-mutator/%.so: harness/%.c $(call tdeps,$$*) out/lib/pic/libpropfuzz.a out/obj/pf-pic/mutator/afl_hooks.o $(call libdep,pic) $(call flags,pic)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(PICFLAGS) -shared -Wl,-Bsymbolic -Wl,--exclude-libs,ALL -Wl,--no-undefined \
	  $(INC) $(CFLAGS_$*) $(call libinc,pic) $(call tsrc,$*) out/obj/pf-pic/mutator/afl_hooks.o \
	  out/lib/pic/libpropfuzz.a $(call liba,pic) -lm -o $@

# make afl-<t> with PF_MUTATOR=1 (PF_MUTATOR=0 or unset: off; a
# target's PF_MUTATOR_DEFAULT_ON is libFuzzer's only, where it was
# measured) builds the mutator first; when it does not build (a library
# that will not build -fPIC, say) afl-fuzz runs without it, said in one
# line, the build's output in out/afl-mutator/<t>.log.
afl_mutator_build = $(if $(filter-out 0,$(PF_MUTATOR)),mkdir -p out/afl-mutator && \
  { $(MAKE) -s --no-print-directory out/afl-mutator/$(1).so >out/afl-mutator/$(1).log 2>&1 || \
    { rm -f out/afl-mutator/$(1).so; echo "propfuzz: the AFL++ mutator out/afl-mutator/$(1).so does not build (out/afl-mutator/$(1).log); afl-fuzz runs without it" >&2; }; })
