# OSS-Fuzz and ClusterFuzzLite: the simulated build and check_build of
# build/oss-fuzz/build.sh (tests/ossfuzz_check.sh) for the sanitizers,
# engines and targets make test leaves out (it runs libFuzzer + ASan only,
# without numeric). Nightly (.github/workflows/nightly.yml):
#   make ossfuzz-check [SANITIZERS="address undefined memory coverage"]
#                      [ENGINES="libfuzzer afl"] [OSSFUZZ_FUZZ_SECONDS=10]
#                      [OSS_FUZZ_DIR=<checkout of google/oss-fuzz>]
# OSS_FUZZ_DIR also runs OSS-Fuzz's own compile, test_all.py and coverage.
SANITIZERS ?= address undefined memory coverage
ENGINES ?= libfuzzer afl
OSSFUZZ_FUZZ_SECONDS ?= 10
OSS_FUZZ_DIR ?=

.PHONY: ossfuzz-check
ossfuzz-check:
	@build/deps.sh all
	SANITIZERS="$(SANITIZERS)" ENGINES="$(ENGINES)" PF_OSSFUZZ_FUZZ_SECONDS=$(OSSFUZZ_FUZZ_SECONDS) \
	  OSS_FUZZ_DIR="$(OSS_FUZZ_DIR)" tests/ossfuzz_check.sh
