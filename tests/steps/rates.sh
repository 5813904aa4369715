# Steps of the rate metrics and run profiles (sourced by tests/run.sh).

# The history sums the lines of one run (several processes), keeps runs in
# order, and marks a rate below the previous run's interval as a slide.
rates_history() {
  local f=out/test-tmp/rates.tsv out
  printf 'date\trun\tprofile\tsource\ttarget\tproperty\tchecks\tedge\tbelow\ttrials\tpassed\trate\tci_lo\tci_hi\n' > "$f"
  printf '2026-01-01T00:00:00Z\tr1\tci\tfuzz\tocr\tround_trip\t100\t3\t1\t500\t494\t0.9880\t0\t0\n' >> "$f"
  printf '2026-01-01T00:00:05Z\tr1\tci\tfuzz\tocr\tround_trip\t100\t2\t0\t500\t498\t0.9960\t0\t0\n' >> "$f"
  printf '2026-01-02T00:00:00Z\tr2\tci\tfuzz\tocr\tround_trip\t200\t30\t10\t1000\t950\t0.9500\t0\t0\n' >> "$f"
  out=$(build/rates.sh ocr "$f") || return 1
  echo "$out"
  grep -Eq '^2026-01-01T00:00:00Z +ci +fuzz +round_trip +200 +194/5/1 +1000 +992 +99\.2% +98\.4- 99\.6% *$' <<<"$out" &&
    grep -Eq '^2026-01-02T00:00:00Z .* 95\.0% +93\.5- 96\.2% +-4\.2 pts  SLIDE$' <<<"$out"
}
step "rates/history" rates_history

# A profile that does not exist is a one-line error, not a run with
# defaults nobody chose.
profile_misuse() {
  local out
  out=$(PROFILE=fast bash -c 'source build/profiles.sh' 2>&1) && return 1
  grep -q "PROFILE must be dev, ci or nightly (got 'fast')" <<<"$out" || return 1
  out=$(make -s rates-nosuchtarget 2>&1) && return 1
  grep -q 'no such target' <<<"$out"
}
step "profiles/misuse" profile_misuse
