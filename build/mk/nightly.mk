# make nightly: the slow suite (build/nightly.sh). Each nightly target is
# fuzzed for NIGHTLY_TIME seconds (profile nightly: 1800), its rate metrics
# recorded on the committed seeds, its mutation analysis run where a
# mutate-<target> rule exists; a summary table at the end.
#   NIGHTLY_TIME=<s>  NIGHTLY_TARGETS=slow|all|<names>  PROFILE=<profile>
# make test stays the fast suite (every commit, minutes).
.PHONY: nightly
nightly:
	@build/nightly.sh
