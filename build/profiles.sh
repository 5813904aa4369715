#!/usr/bin/env bash
# Run profiles, named once (sourced by tests/run.sh, build/propfuzz and
# build/nightly.sh): PROFILE=dev|ci|nightly sets how long runs last, which
# seed libFuzzer starts from and which targets a nightly run covers, so no
# script carries numbers of its own. Each command has its default profile
# (the caller sets PF_DEFAULT_PROFILE): make fuzz-<t> dev, make test ci,
# make nightly nightly. An explicit FUZZ_TIME, NIGHTLY_TIME, PF_SEED or
# NIGHTLY_TARGETS still wins.
#
#   dev      explore: a random seed each run (printed by libFuzzer as
#            "Seed: N"; pass PF_SEED=N to repeat it), fuzzing until Ctrl-C
#   ci       the fast suite, every commit: fixed seeds, short bounded runs
#   nightly  the slow suite: NIGHTLY_TIME seconds per target, random seeds,
#            the slow targets, rate metrics and mutation analysis
PROFILE=${PROFILE:-${PF_DEFAULT_PROFILE:-dev}}
case $PROFILE in
  dev)     seed=0 fuzz_time= nightly_time=60 slow_shrink=120 ;;
  ci)      seed=1 fuzz_time=60 nightly_time=20 slow_shrink=60 ;;
  nightly) seed=0 fuzz_time=600 nightly_time=1800 slow_shrink=600 ;;
  *) echo "propfuzz: PROFILE must be dev, ci or nightly (got '$PROFILE')" >&2; exit 2 ;;
esac
# libFuzzer's -seed; 0 means a random one.
PF_SEED=${PF_SEED:-$seed}
# make fuzz-<t> when FUZZ_TIME is not given (empty: until Ctrl-C).
PF_FUZZ_TIME=${FUZZ_TIME-$fuzz_time}
# make test: each target's smoke run (runs, or seconds if sooner), and the
# time a planted bug must be found in (the run is killed 30 s after).
PF_SMOKE_RUNS=20000 PF_SMOKE_TIME=20
# A smoke run must find nothing, so it checks only what must hold on every
# input. A property on a rate falls below its budget on some inputs by
# design (how often is what the nightly rates measure); in the fast suite
# it is checked on the seeds (replay), by its planted bug and by its unit
# tests, and the smoke run keeps the plain properties, crashes and the
# sanitizers. PF_SMOKE_CHECKS_<target> is a PF_CHECKS list.
PF_SMOKE_CHECKS_ocr=deterministic
PF_PLANTED_TIME=60 PF_PLANTED_TIMEOUT=90
# make test: each target's example runner (no engine) over its corpus,
# then this many generated examples or seconds, whichever comes first.
PF_EXAMPLES_RUNS=1000 PF_EXAMPLES_TIME=5
# make nightly: seconds per target, and which targets ("slow": the ones too
# slow for make test to fuzz for long; "all": every target; or names).
PF_NIGHTLY_TIME=${NIGHTLY_TIME:-$nightly_time}
PF_NIGHTLY_TARGETS=${NIGHTLY_TARGETS:-slow}
PF_SLOW_TARGETS="search ocr documents"
# Seconds the triage of a finding may shrink it on a slow target (others:
# propfuzz triage's 30; PF_SHRINK_TIME wins).
PF_SLOW_SHRINK_TIME=$slow_shrink
export PROFILE PF_SEED PF_FUZZ_TIME PF_SMOKE_RUNS PF_SMOKE_TIME PF_SMOKE_CHECKS_ocr PF_PLANTED_TIME \
  PF_PLANTED_TIMEOUT PF_EXAMPLES_RUNS PF_EXAMPLES_TIME PF_NIGHTLY_TIME PF_NIGHTLY_TARGETS PF_SLOW_TARGETS PF_SLOW_SHRINK_TIME
# Rate metrics say which profile measured them (properties/core/stats.c).
export PF_PROFILE=$PROFILE
# Every profile: Tesseract's OpenMP loops at one thread (libgomp reads this
# when it loads; several threads per line are 3-4x slower on a loaded
# 2-core machine). build/targets/ocr.mk exports it for make as well.
export OMP_THREAD_LIMIT=${OMP_THREAD_LIMIT:-1}
