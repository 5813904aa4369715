#!/usr/bin/env bash
# Makes sure the tools a make goal needs are installed. On a fresh Debian
# machine as root it installs them with apt-get; otherwise it prints the one
# command to run.   build/deps.sh [core|afl|all]   build/deps.sh packages PKG...
#   core: clang, libFuzzer and the sanitizers, LLVM tools, dpkg-source
#   afl:  core + AFL++          all: afl + zip/unzip (OSS-Fuzz seed zips)
#   packages: the Debian packages a target links from the system
#             (PKGS_<target> in build/targets/<target>.mk)
set -euo pipefail
want=${1:-core}

install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "propfuzz: missing packages; run: sudo apt-get update && sudo apt-get install -y $*" >&2
    exit 1
  fi
  echo "propfuzz: installing $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ "$want" = packages ]; then
  shift
  missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] || install "${missing[@]}"
  exit 0
fi

# command -> Debian package that provides it
declare -A pkg_of=(
  [clang]=clang [llvm-profdata]=llvm [llvm-cov]=llvm [dpkg-source]=dpkg-dev
  [xz]=xz-utils [afl-clang-fast]=afl++ [zip]=zip [unzip]=unzip [ar]=binutils
)
cmds=(clang llvm-profdata llvm-cov dpkg-source xz ar)
case $want in
  core) ;;
  afl) cmds+=(afl-clang-fast) ;;
  all) cmds+=(afl-clang-fast zip unzip) ;;
  *) echo "usage: build/deps.sh [core|afl|all] | packages PKG..." >&2; exit 2 ;;
esac

missing=()
for c in "${cmds[@]}"; do
  command -v "$c" >/dev/null 2>&1 || missing+=("${pkg_of[$c]}")
done
# libFuzzer and the sanitizer runtimes come with libclang-rt-14-dev.
compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ||
  missing+=(libclang-rt-14-dev)
[ ${#missing[@]} -eq 0 ] && exit 0

mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
install "${missing[@]}"
