# search keeps a connection per schema between inputs and puts its
# database file back to the empty tables' image (harness/search/session.c).
# This step checks that nothing else carries over: every input gives the
# same results (PF_SEARCH_DIGEST: a hash of every query's rows, ranks and
# codes and of the integrity-checks) on a kept connection, in one libFuzzer
# process over the seeds and the smoke run's corpus, as on a fresh one
# (replay records, and an input recorded runs on a fresh connection).
search_kept_equals_fresh() {
  local dir=out/test-tmp/search-kept
  rm -rf "$dir" && mkdir -p "$dir/in"
  find corpus/search -maxdepth 1 -type f -exec cp {} "$dir/in/" \;
  [ -d out/test-tmp/smoke-search/corpus ] &&
    find out/test-tmp/smoke-search/corpus -maxdepth 1 -type f | head -300 | xargs -r cp -t "$dir/in/"
  PF_SEARCH_DIGEST=1 PF_NO_FORK=1 out/replay/search "$dir/in" > "$dir/fresh.log" 2>&1 || return 1
  PF_SEARCH_DIGEST=1 out/libfuzzer/search -runs=0 "$dir/in" > "$dir/kept.log" 2>&1 || return 1
  grep '^search-digest' "$dir/fresh.log" | cut -d' ' -f2,3 | sort -u > "$dir/fresh"
  grep '^search-digest' "$dir/kept.log" | cut -d' ' -f2,3 | sort -u > "$dir/kept"
  local n kept differ
  n=$(wc -l < "$dir/fresh")
  kept=$(grep -c '^search-digest .* kept$' "$dir/kept.log")
  differ=$(comm -23 "$dir/fresh" "$dir/kept" | wc -l)
  echo "$n inputs; $kept runs on a kept connection; $differ inputs differ"
  comm -23 "$dir/fresh" "$dir/kept" | head -5
  [ "$n" -gt 0 ] && [ "$kept" -gt 0 ] && [ "$differ" = 0 ]
}
step "search/kept-connection-equals-fresh" search_kept_equals_fresh
