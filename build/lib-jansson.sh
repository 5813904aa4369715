#!/usr/bin/env bash
# Builds jansson from its Debian source with the given compiler and flags.
# Usage: build/lib-jansson.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libjansson.a and <outdir>/include/{jansson.h,jansson_config.h}.
# The two headers configure would write are filled in by hand for Linux
# (long long integers, localeconv, __atomic builtins, /dev/urandom seeds).
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" jansson 2.14-2)

rm -rf "$out"; mkdir -p "$out/include" "$out/priv" "$out/obj"
cp "$src/src/jansson.h" "$out/include/"
sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' \
    -e 's/@json_have_localeconv@/1/' -e 's/@json_have_atomic_builtins@/1/' \
    -e 's/@json_have_sync_builtins@/1/' \
    "$src/src/jansson_config.h.in" > "$out/include/jansson_config.h"
cat > "$out/priv/jansson_private_config.h" <<'H'
#define HAVE_STDINT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_FCNTL_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SCHED_H 1
#define HAVE_CLOSE 1
#define HAVE_OPEN 1
#define HAVE_READ 1
#define HAVE_GETPID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_SCHED_YIELD 1
#define HAVE_ATOMIC_BUILTINS 1
#define HAVE_SYNC_BUILTINS 1
#define HAVE_LOCALE_H 1
#define HAVE_SETLOCALE 1
#define USE_URANDOM 1
#define INITIAL_HASHTABLE_ORDER 3
H
pids=()
for c in dump error hashtable hashtable_seed load memory pack_unpack strbuffer \
         strconv utf value version; do
  $cc "$@" -DHAVE_CONFIG_H -I"$out/priv" -I"$out/include" -I"$src/src" \
    -c "$src/src/$c.c" -o "$out/obj/$c.o" & pids+=($!)
  [ ${#pids[@]} -ge 2 ] && { wait "${pids[0]}"; pids=("${pids[@]:1}"); }
done
for p in "${pids[@]}"; do wait "$p"; done
ar rcs "$out/libjansson.a" "$out"/obj/*.o
