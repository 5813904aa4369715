#!/usr/bin/env bash
# Fetches and unpacks a Debian source package into out/src/<package>-<version>
# without touching the machine's apt configuration (design §2): a private
# deb-src list under out/apt copies the URIs and Suites of the system's
# sources. Usage: build/fetch-source.sh <package> <pinned-version>
# Prints the unpacked directory. Set PF_SRC_<package> (dashes, dots and
# plus signs as _) to use a source tree you already have instead: Debian's
# unpacked source or the upstream release checkout (build/oss-fuzz/Dockerfile
# lists one per package). PF_NO_FETCH=1 (OSS-Fuzz builds) never fetches: a
# package without its PF_SRC_* is an error.
set -euo pipefail

pkg=$1 version=$2
var="PF_SRC_${pkg//[-.+]/_}"
if [ -n "${!var:-}" ]; then
  [ -d "${!var}" ] || { echo "propfuzz: $var=${!var} is not a directory; set $var=<dir> to $pkg's unpacked source, or unset it to fetch" >&2; exit 1; }
  echo "${!var}"; exit 0
fi
if [ -n "${PF_NO_FETCH:-}" ]; then
  echo "propfuzz: fetching is disabled (PF_NO_FETCH); set $var=<dir> to the source of $pkg $version (build/oss-fuzz/Dockerfile clones it)" >&2
  exit 1
fi

top=$(cd "$(dirname "$0")/.." && pwd)
# PF_CACHE: where sources and the private apt lists go (default out/ of
# this tree; a build from a copy of the tree can share another's).
cache=${PF_CACHE:-$top/out}
apt_dir=$cache/apt
# The directory is named for the upstream version: no Debian revision and
# no epoch ("1:1.2.13.dfsg-1" -> zlib-1.2.13.dfsg), as a ':' in a path
# confuses make and search-path lists.
upstream=${version#*:}
dest=$cache/src/$pkg-${upstream%-*}
if [ -f "$dest/.propfuzz-unpacked" ]; then echo "$dest"; exit 0; fi

mkdir -p "$apt_dir/lists/partial" "$cache/src/dl"
# Several library builds may fetch at once (make -j): one at a time, and a
# waiting one finds the work done.
exec 9>"$cache/src/.fetch.lock"
flock 9
if [ -f "$dest/.propfuzz-unpacked" ]; then echo "$dest"; exit 0; fi
src_list=$apt_dir/sources.sources
if [ ! -s "$src_list" ]; then
  found=0
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed 's/^Types:.*/Types: deb-src/' "$f" >> "$src_list"; echo >> "$src_list"; found=1
  done
  if [ $found = 0 ] && [ -f /etc/apt/sources.list ]; then
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' > "$apt_dir/sources.list"
    src_list=$apt_dir/sources.list
  fi
fi
[ -s "$apt_dir/sources.list" ] && src_list=$apt_dir/sources.list
opts=(-o "Dir::Etc::SourceList=$src_list" -o Dir::Etc::SourceParts=/dev/null
      -o "Dir::State::Lists=$apt_dir/lists" -o Debug::NoLocking=1)
if ! ls "$apt_dir/lists/"*Sources* >/dev/null 2>&1; then
  apt-get "${opts[@]}" update -qq >/dev/null 2>&1 ||
    { echo "propfuzz: cannot read Debian's source index (network?); or set $var=<dir> to $pkg's source" >&2; exit 1; }
fi
# (apt-cache fails for a package it does not know: handled below.)
listed=$(apt-cache "${opts[@]}" showsrc "$pkg" 2>/dev/null | awk '/^Version:/{print $2}' | sort -V || true)
# The pinned version when the index lists it (a suite may also list a newer
# one, e.g. bookworm-security), else the newest.
if grep -qxF "$version" <<<"$listed"; then have=$version; else have=$(tail -1 <<<"$listed"); fi
[ -n "$have" ] ||
  { echo "propfuzz: no source package $pkg in Debian's index; set $var=<dir> to its source" >&2; exit 1; }
if [ "$have" != "$version" ]; then
  echo "propfuzz: $pkg source is $have, propfuzz was tested with $version; pin it in the Makefile or set $var=<dir>" >&2
fi
cd "$cache/src/dl"
apt-get "${opts[@]}" source --download-only "$pkg=$have" >/dev/null 2>&1 ||
  { echo "propfuzz: cannot download the $pkg source package (network?); or set $var=<dir> to its source" >&2; exit 1; }
rm -rf "$dest"
dpkg-source --no-check -x "${pkg}_${have#*:}.dsc" "$dest" >/dev/null
touch "$dest/.propfuzz-unpacked"
echo "$dest"
