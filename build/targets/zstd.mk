# zstd: Zstandard frames through libzstd (build/lib-zstd.sh).
LIB_zstd := zstd
# dlopen: the reference properties open the released libzstd beside the
# build under test (harness/zstd/release.c); libc's since glibc 2.34.
LDLIBS_zstd := -ldl
# Mutation analysis, BASELINE=own: the fuzz targets zstd ships (tests/fuzz/),
# all but seekable_roundtrip (contrib's seekable format, not libzstd),
# regression_driver (a main, not a target) and block_decompress: on the
# empty input, which libFuzzer runs first, ZSTD_decompressBlock adds its
# error code to the destination pointer (zstd_decompress_block.c:2191), a
# UBSan pointer-overflow that upstream's fuzz build does not check
# (tests/fuzz/fuzz.py: "known failure") and ours does, so it would "kill"
# every mutant. A mutant is killed when any of the others kills it. Their
# own code is compiled without that check as upstream compiles it
# (sequence_compression_api.c:118 steps a pointer below its buffer). The
# same class also stops huf_decompress early (null pointer plus zero,
# huf_decompress.c:549, in the library): the campaign replays such a
# failure on the unmutated build and counts it "preexisting", not a kill. Built as tests/fuzz/Makefile builds them, with the
# options of our library build (build/lib-zstd.sh) and less its
# DEBUGLEVEL=2 assertions and FUZZING_ASSERT_VALID_SEQUENCE: the library
# under test is the campaign's build. Each fuzzes 1 s (17 s in all, more
# than a propfuzz run's MUTANT_TIME=10), seeded as upstream's fuzz.py gen
# seeds them (build/mutate/seeds/zstd.sh).
MUTATE_BASELINE_zstd := $(addprefix src:tests/fuzz/,simple_round_trip.c stream_round_trip.c \
  block_round_trip.c simple_decompress.c stream_decompress.c \
  dictionary_round_trip.c dictionary_decompress.c zstd_frame_info.c simple_compress.c \
  dictionary_loader.c raw_dictionary_round_trip.c dictionary_stream_round_trip.c \
  decompress_dstSize_tooSmall.c fse_read_ncount.c sequence_compression_api.c \
  huf_round_trip.c huf_decompress.c)
MUTATE_BASELINE_SOURCES_zstd := $(addprefix src:tests/fuzz/,fuzz_helpers.c zstd_helpers.c \
  fuzz_data_producer.c) src:contrib/externalSequenceProducer/sequence_producer.c
MUTATE_BASELINE_SEEDS_zstd := build/mutate/seeds/zstd.sh
MUTATE_BASELINE_TIME_zstd := 1
MUTATE_BASELINE_CFLAGS_zstd := -Isrc:lib -Isrc:lib/common -Isrc:lib/compress \
  -Isrc:lib/dictBuilder -Isrc:tests/fuzz -Isrc:contrib/externalSequenceProducer \
  -DZSTD_LEGACY_SUPPORT=0 -DZSTD_DISABLE_ASM -DDYNAMIC_BMI2=0 -DXXH_NAMESPACE=ZSTD_ \
  -DFUZZ_RNG_SEED_SIZE=4 -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
  -fno-sanitize=pointer-overflow
