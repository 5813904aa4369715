#!/usr/bin/env bash
# make install / make uninstall (build/mk/install.mk says what is installed).
#
#   build/install.sh install DESTDIR PREFIX LIBDIR   (LIBDIR: the built .a files)
#   build/install.sh uninstall DESTDIR PREFIX
#
# install writes the list of what it installed to
# $PREFIX/share/propfuzz/manifest; uninstall removes exactly those files.
# A prefix that cannot be written is one line, before anything is copied.
set -euo pipefail
cd "$(dirname "$0")/.."
action=$1 destdir=$2 prefix=$3
case $prefix in
  /*) ;;
  *) echo "propfuzz: PREFIX must be an absolute path (got '$prefix')" >&2; exit 2 ;;
esac
root=$destdir$prefix
manifest=share/propfuzz/manifest

# writable DIR: DIR, or its nearest existing parent, can be written.
writable() {
  local d=$1
  while [ ! -e "$d" ]; do d=$(dirname "$d"); done
  [ -d "$d" ] && [ -w "$d" ]
}
if ! writable "$root"; then
  echo "propfuzz: cannot write to $root: install as its owner (sudo make $action), or choose another PREFIX (make $action PREFIX=\$HOME/.local)" >&2
  exit 1
fi

if [ "$action" = uninstall ]; then
  [ -f "$root/$manifest" ] ||
    { echo "propfuzz: nothing to uninstall: $root/$manifest is missing (was propfuzz installed with PREFIX=$prefix?)" >&2; exit 1; }
  while IFS= read -r f; do rm -f "$root/$f"; done < "$root/$manifest"
  rm -f "$root/$manifest"
  for d in share/propfuzz lib/cmake/propfuzz libexec/propfuzz/mutate libexec/propfuzz include lib/pkgconfig lib/cmake lib libexec bin share; do
    rmdir "$root/$d" 2>/dev/null || true
  done
  echo "propfuzz: uninstalled from $root"
  exit 0
fi

libdir=$4
: "${PF_VERSION:?}" "${PF_DRIVERS:?}" "${PF_CFLAGS_san:?}" "${PF_CFLAGS_cov:?}"
gen=out/install-build/gen
rm -rf "$gen" && mkdir -p "$gen/pkgconfig"
installed=()

# put MODE SRC DEST: copies SRC to $root/DEST and records DEST.
put() {
  mkdir -p "$(dirname "$root/$3")"
  install -m "$1" "$2" "$root/$3"
  installed+=("$3")
}

# pc NAME LIB CFLAGS LIBFLAGS DESCRIPTION: a pkg-config file.
pc() {
  cat > "$gen/pkgconfig/$1.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
includedir=\${prefix}/include
libdir=\${exec_prefix}/lib
# The drivers: link -l$2-<driver> before these flags for a main that
# replays files, shrinks a failure, writes seeds or runs examples.
drivers=$PF_DRIVERS

Name: $1
Description: $5
Version: $PF_VERSION
Cflags: -I\${includedir}$3
Libs: -L\${libdir} -l$2$4 -lm -ldl
EOF
}
pc propfuzz propfuzz "" "" \
  "property-based, coverage-guided fuzzing for C (plain: ordinary test builds, gcc or clang)"
pc propfuzz-san propfuzz-san " $PF_CFLAGS_san" " -fsanitize=address,undefined" \
  "propfuzz with ASan and UBSan (clang): fuzzing, replay, shrinking"
pc propfuzz-cov propfuzz-cov " $PF_CFLAGS_cov" " -fprofile-instr-generate -fcoverage-mapping" \
  "propfuzz for clang source coverage"

# The command: build/propfuzz and build/propfuzz.d/* as they are now. A
# checkout without them installs a stand-in that knows only --version.
if [ ! -f build/propfuzz ]; then
  echo "propfuzz: warning: build/propfuzz is missing; installing a stand-in that answers only --version" >&2
  printf '#!/bin/sh\n[ "${1:-}" = --version ] && { echo "propfuzz %s"; exit 0; }\necho "propfuzz: this install has no command (build/propfuzz was missing)" >&2; exit 2\n' \
    "$PF_VERSION" > "$gen/propfuzz"
  cmd=$gen/propfuzz
else
  cmd=build/propfuzz
fi

for h in include/*.h; do put 644 "$h" "include/$(basename "$h")"; done
for a in "$libdir"/*.a; do put 644 "$a" "lib/$(basename "$a")"; done
for p in "$gen"/pkgconfig/*.pc; do put 644 "$p" "lib/pkgconfig/$(basename "$p")"; done
put 644 cmake/propfuzz-installed.cmake lib/cmake/propfuzz/propfuzzConfig.cmake
put 644 cmake/propfuzzConfigVersion.cmake lib/cmake/propfuzz/propfuzzConfigVersion.cmake
put 644 cmake/propfuzz.cmake lib/cmake/propfuzz/propfuzz.cmake
put 755 "$cmd" bin/propfuzz
for f in build/propfuzz.d/*; do
  [ -f "$f" ] || continue
  put "$([ -x "$f" ] && echo 755 || echo 644)" "$f" "libexec/propfuzz/$(basename "$f")"
done
# propfuzz mutate's runner (build/mutate) and its generator: pf-mutgen as
# built here (make install builds it where libclang is installed), else
# its sources, from which the command builds it on first use.
for f in build/mutate/*.sh build/mutate/*.awk build/mutate/mutgen*.[ch]; do
  put "$([ -x "$f" ] && echo 755 || echo 644)" "$f" "libexec/propfuzz/mutate/$(basename "$f")"
done
[ ! -x out/mutate/tool/pf-mutgen ] || put 755 out/mutate/tool/pf-mutgen libexec/propfuzz/pf-mutgen
echo "$PF_VERSION" > "$gen/version"
put 644 "$gen/version" libexec/propfuzz/version
printf '%s\n' "${installed[@]}" "$manifest" > "$gen/manifest"
mkdir -p "$root/share/propfuzz" && install -m 644 "$gen/manifest" "$root/$manifest"
echo "propfuzz $PF_VERSION: installed ${#installed[@]} files under $root (list: $root/$manifest)"
