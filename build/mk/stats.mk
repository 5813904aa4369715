# make stats-<target> [CORPUS=<dir>...]: replays the target's corpus (or
# CORPUS) in-process and prints, per property, how many inputs checked it,
# how many each restriction skipped, pf_assume discards, events, overruns,
# rates and the distribution of every labelled draw (properties/core/stats.c).
CORPUS ?=
stats-%: $$(call known,out/replay/$$*)
	@build/propfuzz stats $* --bin-dir out --corpus corpus/$* $(CORPUS)
