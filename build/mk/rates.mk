# make rates-<target>: the history of the target's rate metrics across runs
# (build/rates.sh over out/stats/<target>/rates.tsv), so that a pass rate
# sliding from 5 of 5 towards its budget is seen before the budget breaks.
rates-%: $$(call known,build/rates.sh)
	@build/rates.sh $*
