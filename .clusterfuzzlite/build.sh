#!/bin/bash -eu
# ClusterFuzzLite builds exactly what OSS-Fuzz builds.
exec bash -eu "$SRC/propfuzz/build/oss-fuzz/build.sh" "$@"
