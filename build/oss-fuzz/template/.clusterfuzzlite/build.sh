#!/bin/bash -eu
# ClusterFuzzLite builds what OSS-Fuzz builds: propfuzz's template build.sh
# (copy build/oss-fuzz/template/build.sh here instead to change it).
exec bash -eu "$SRC/propfuzz/build/oss-fuzz/template/build.sh" "$@"
