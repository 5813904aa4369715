#!/usr/bin/env bash
# Builds json-c from its Debian source with the given compiler and flags.
# Usage: build/lib-jsonc.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libjson-c.a and <outdir>/include/json-c/*.h.
# config.h and json_config.h, which CMake would configure, are written by
# hand for Linux with glibc; json.h is json.h.cmakein with json_pointer.h
# included (json_pointer is built, as CMake does by default).
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=$("$top/build/fetch-source.sh" json-c 0.16-2)

rm -rf "$out"; mkdir -p "$out/include/json-c" "$out/priv" "$out/obj"
cat > "$out/include/json-c/json_config.h" <<'H'
/* Define to 1 if you have the <inttypes.h> header file. */
#define JSON_C_HAVE_INTTYPES_H 1
H
cat > "$out/priv/config.h" <<'H'
#define HAVE_ENDIAN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_LIMITS_H 1
#define HAVE_LOCALE_H 1
#define HAVE_MEMORY_H 1
#define HAVE_STDARG_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYSLOG_H 1
#define HAVE_SYS_CDEFS_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_RANDOM_H 1
#define HAVE_SYS_RESOURCE_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_ATOMIC_BUILTINS 1
#define HAVE_DECL_INFINITY 1
#define HAVE_DECL_ISINF 1
#define HAVE_DECL_ISNAN 1
#define HAVE_DECL_NAN 1
#define HAVE_DECL__FINITE 0
#define HAVE_DECL__ISNAN 0
#define HAVE_OPEN 1
#define HAVE_REALLOC 1
#define HAVE_SETLOCALE 1
#define HAVE_SNPRINTF 1
#define HAVE_STRCASECMP 1
#define HAVE_STRDUP 1
#define HAVE_STRERROR 1
#define HAVE_STRNCASECMP 1
#define HAVE_USELOCALE 1
#define HAVE_VASPRINTF 1
#define HAVE_VPRINTF 1
#define HAVE_VSNPRINTF 1
#define HAVE_VSYSLOG 1
#define HAVE_GETRANDOM 1
#define HAVE_GETRUSAGE 1
#define HAVE_STRTOLL 1
#define HAVE_STRTOULL 1
#define HAVE___THREAD 1
#define SPEC___THREAD __thread
#define JSON_C_HAVE_INTTYPES_H 1
#define PACKAGE "json-c"
#define PACKAGE_BUGREPORT "json-c@googlegroups.com"
#define PACKAGE_STRING "json-c 0.16.0"
#define PACKAGE_TARNAME "json-c"
#define PACKAGE_URL "https://github.com/json-c/json-c"
#define PACKAGE_VERSION "0.16.0"
#define SIZEOF_INT 4
#define SIZEOF_INT64_T 8
#define SIZEOF_LONG 8
#define SIZEOF_LONG_LONG 8
#define SIZEOF_SIZE_T 8
#define SIZEOF_SSIZE_T 8
#define STDC_HEADERS 1
#define _GNU_SOURCE 1
H
for h in arraylist debug json_c_version json_inttypes json_object \
         json_object_iterator json_pointer json_tokener json_types json_util \
         json_visit linkhash printbuf; do
  cp "$src/$h.h" "$out/include/json-c/"
done
sed 's/@JSON_H_JSON_POINTER@/#include "json_pointer.h"/' "$src/json.h.cmakein" \
  > "$out/include/json-c/json.h"
printf '%s\n' arraylist debug json_c_version json_object json_object_iterator \
    json_pointer json_tokener json_util json_visit linkhash printbuf \
    random_seed strerror_override |
  xargs -P2 -I{} $cc "$@" -D_GNU_SOURCE -I"$out/priv" -I"$out/include/json-c" \
    -I"$src" -c "$src/{}.c" -o "$out/obj/{}.o"
ar rcs "$out/libjson-c.a" "$out"/obj/*.o
