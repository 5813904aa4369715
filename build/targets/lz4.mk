# lz4: the LZ4 frame and block formats through liblz4 (build/lib-lz4.sh).
LIB_lz4 := lz4
# Mutation analysis, BASELINE=own: the ten fuzz targets lz4 ships
# (ossfuzz/, built as its Makefile builds them, less its -DLZ4_DEBUG=1
# library assertions: the library under test is the campaign's build), a
# mutant killed when any of them kills it, each fuzzing 1 s: together the
# budget of one propfuzz run (MUTANT_TIME=10). They ship no seeds.
MUTATE_BASELINE_lz4 := $(addprefix src:ossfuzz/,compress_fuzzer.c decompress_fuzzer.c \
  round_trip_fuzzer.c round_trip_stream_fuzzer.c compress_hc_fuzzer.c round_trip_hc_fuzzer.c \
  compress_frame_fuzzer.c round_trip_frame_fuzzer.c decompress_frame_fuzzer.c \
  round_trip_frame_uncompressed_fuzzer.c)
MUTATE_BASELINE_SOURCES_lz4 := src:ossfuzz/lz4_helpers.c src:ossfuzz/fuzz_data_producer.c
MUTATE_BASELINE_TIME_lz4 := 1
MUTATE_BASELINE_CFLAGS_lz4 := -Isrc:lib -DXXH_NAMESPACE=LZ4_ -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
# dlopen: reference opens the released liblz4 beside the build under test
# (harness/lz4/release.c); libc's since glibc 2.34.
LDLIBS_lz4 := -ldl
