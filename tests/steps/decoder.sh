# The decoder fuzzing itself (tests/fuzz_decoder.c): a fixed-seed smoke
# run of 50000 inputs (a few seconds) from an empty corpus. Every draw
# with drawn constraints is checked against them and round-tripped through
# pf_enc_*; a failure aborts with the case that broke. Long runs:
# out/fuzz/decoder -max_total_time=600. Sourced by tests/run.sh.
decoder_fuzz_smoke() {
  local dir=out/test-tmp/fuzz-decoder
  rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/artifacts"
  make -s out/fuzz/decoder || return 1
  out/fuzz/decoder -seed=1 -runs=50000 -max_total_time=60 \
    -artifact_prefix="$dir/artifacts/" "$dir/corpus" || return 1
  [ -z "$(ls -A "$dir/artifacts")" ]
}
step "decoder/fuzz-smoke" decoder_fuzz_smoke
