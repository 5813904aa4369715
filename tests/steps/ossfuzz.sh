# OSS-Fuzz: build/oss-fuzz/build.sh for every target, set up as OSS-Fuzz's
# compile sets it up for libFuzzer + ASan, in a sandbox (no network, no
# package installs, sources only through the Dockerfile's PF_SRC_*), then
# check_build's checks on each target (tests/ossfuzz_check.sh). UBSan, MSan,
# coverage and AFL++ are the nightly `make ossfuzz-check`.
# tests/run.sh starts it after the build, beside the other steps.
bg_wait "oss-fuzz/simulated-build"
