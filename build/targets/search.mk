# search: full-text search through SQLite FTS5 (build/lib-sqlite.sh).
LIB_search := sqlite
# libFuzzer options for this target (make fuzz-<t>, bench/targets.sh and
# the OSS-Fuzz .options file read LIBFUZZER_OPTS_<target>). An input here
# reaches some 30,000 features; entropic counts every hit of each feature
# until it reaches the threshold (255 by default), and that bookkeeping
# was half of the time of a run's first minute (45 s runs from the seeds,
# 3 seeds, medians: 49 execs/s at the default, 99 at 4). At 4 the rarest
# features are still favoured, and coverage is no lower: 8383 edges at
# the default, 8443 at 4 (bench/RESULTS.md).
LIBFUZZER_OPTS_search := -entropic_feature_frequency_threshold=4
# Mutation analysis mutates FTS5, the part of SQLite the target is about
# (its relations are about full-text search), compiled as a unit of its
# own (build/lib-sqlite.sh) so that a mutant recompiles only it.
MUTATE_ONLY_search := */fts5.c
# BASELINE=own: the fuzz target SQLite ships for OSS-Fuzz (test/ossfuzz.c,
# the input run as SQL on an in-memory database), built against the
# campaign's library as OSS-Fuzz builds it, fuzzing as long as propfuzz
# does (one target). Seeded with the SQL of FTS5's own test scripts
# (build/mutate/seeds/search.sh), not OSS-Fuzz's seeds (the scripts as
# they are: Tcl, which SQLite refuses at its first line). OSS-Fuzz's SQL
# dictionary is in its project directory, not in SQLite's source: none.
MUTATE_BASELINE_search := src:test/ossfuzz.c
MUTATE_BASELINE_SEEDS_search := build/mutate/seeds/search.sh
