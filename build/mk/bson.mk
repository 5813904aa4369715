# The BSON Corpus replayer (tests/bson_corpus.c): the bson harness linked
# with a main that reads the specification's JSON cases; its step is
# tests/steps/bson_corpus.sh.
out/tests-bson/bson_corpus: tests/bson_corpus.c harness/bson.c $(wildcard harness/bson/*) \
                            out/lib/libpropfuzz.a out/lib/fuzz/libbson/.built
	@mkdir -p $(@D)
	$(CC) $(WARN) $(LIBFLAGS_fuzz) $(INC) -Iout/lib/fuzz/libbson/include tests/bson_corpus.c \
	  $(call tsrc,bson) out/lib/libpropfuzz.a out/lib/fuzz/libbson/libbson.a -lm -o $@
