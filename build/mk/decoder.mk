# The decoder fuzzing itself: tests/fuzz_decoder.c draws a primitive and
# its constraints from the input, then the value, and checks it. Unlike
# the targets of libraries, libpropfuzz's own sources are compiled in with
# coverage instrumentation (-fsanitize=fuzzer), so libFuzzer is guided by
# the decoder's branches. make test runs it briefly (tests/steps/decoder.sh);
#   out/fuzz/decoder -max_total_time=600    for a long run.
out/fuzz/decoder: tests/fuzz_decoder.c $(PF_SRCS) $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iinclude -Iproperties \
	  tests/fuzz_decoder.c $(PF_SRCS) -lm -o $@

# The structure-aware mutator fuzzing itself (tests/fuzz_mutator.c): its
# output must fit and replay identically, on any input.
#   out/fuzz/mutator -max_total_time=600    for a long run.
out/fuzz/mutator: tests/fuzz_mutator.c $(PF_SRCS) $(PF_HDRS) | out/.deps-ok
	@mkdir -p $(@D)
	$(CC) $(WARN) $(DBG) $(SAN) -fsanitize=fuzzer -Iinclude -Iproperties \
	  tests/fuzz_mutator.c $(PF_SRCS) -lm -o $@
