#!/usr/bin/env bash
# Builds json-c (Debian source, as build/lib-jsonc.sh) for targets that also
# link jansson: both libraries define json_object_get, json_type, ... so
# they cannot share a translation unit or a link. Here json-c and a small
# shim (written below) are linked into one relocatable object in which
# every global symbol but the shim's entry point is made local.
# Usage: build/lib-jsonc_iso.sh <outdir> <cc> <cflags...>
# Result: <outdir>/libjsonc_iso.a and <outdir>/include/pf_jsonc_iso.h:
#   pf_json *pf_jsonc_iso_parse(pf_json_pool *, const uint8_t *, size_t,
#                               int flags, int depth, int *err);
# which parses with json_tokener_parse_ex (flags: json_tokener flags;
# depth <= 0: JSON_TOKENER_DEFAULT_DEPTH) and returns the value as a
# pf_json (include/propfuzz_json.h), or NULL when refused (*err: the
# json_tokener_error). A text is accepted when a value is complete and only
# JSON whitespace follows; a tokener still wanting more at the end gets a
# final NUL, as json_tokener_parse does.
set -euo pipefail
out=$1 cc=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/build/lib-jsonc.sh" "$out/jsonc" "$cc" "$@"
mkdir -p "$out/include" "$out/obj"
cat > "$out/include/pf_jsonc_iso.h" <<'H'
#ifndef PF_JSONC_ISO_H
#define PF_JSONC_ISO_H
#include "propfuzz_json.h"
pf_json *pf_jsonc_iso_parse(pf_json_pool *p, const uint8_t *text, size_t len,
                            int flags, int depth, int *err);
#endif
H
cat > "$out/obj/shim.c" <<'C'
#include "pf_jsonc_iso.h"
#include <json.h>
#include <string.h>

static pf_json *from_jsonc(pf_json_pool *p, struct json_object *j)
{
    switch (json_object_get_type(j)) {
    case json_type_null: return pf_json_null(p);
    case json_type_boolean: return pf_json_bool(p, json_object_get_boolean(j));
    case json_type_double: return pf_json_double(p, json_object_get_double(j));
    case json_type_int: {
        int64_t i = json_object_get_int64(j);
        uint64_t u = json_object_get_uint64(j);
        if (i == INT64_MAX && u > (uint64_t)INT64_MAX)
            return pf_json_uint(p, u);
        return pf_json_int(p, i);
    }
    case json_type_string:
        return pf_json_string(p, json_object_get_string(j),
                              (size_t)json_object_get_string_len(j));
    case json_type_array: {
        size_t n = json_object_array_length(j);
        pf_json *a = pf_json_array(p, n);
        for (size_t i = 0; i < n; i++)
            pf_json_push(p, a, from_jsonc(p, json_object_array_get_idx(j, i)));
        return a;
    }
    default: {
        pf_json *o = pf_json_object(p, 4);
        json_object_object_foreach(j, key, val)
            pf_json_put(p, o, key, strlen(key), from_jsonc(p, val));
        return o;
    }
    }
}

static int only_ws(const uint8_t *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r')
            return 0;
    return 1;
}

pf_json *pf_jsonc_iso_parse(pf_json_pool *p, const uint8_t *text, size_t len,
                            int flags, int depth, int *err)
{
    struct json_tokener *tok =
        json_tokener_new_ex(depth > 0 ? depth : JSON_TOKENER_DEFAULT_DEPTH);
    if (!tok) {
        *err = -1;
        return NULL;
    }
    json_tokener_set_flags(tok, flags);
    struct json_object *obj = json_tokener_parse_ex(tok, (const char *)text, (int)len);
    enum json_tokener_error e = json_tokener_get_error(tok);
    pf_json *v = NULL;
    if (e == json_tokener_success) {
        if (!only_ws(text + json_tokener_get_parse_end(tok),
                     len - json_tokener_get_parse_end(tok)))
            e = json_tokener_error_parse_unexpected;
    } else if (e == json_tokener_continue) {
        obj = json_tokener_parse_ex(tok, "", 1);
        e = json_tokener_get_error(tok);
    }
    if (e == json_tokener_success)
        v = from_jsonc(p, obj);
    json_object_put(obj);
    json_tokener_free(tok);
    *err = (int)e;
    return v;
}
C
$cc "$@" -I"$top/include" -I"$out/include" -I"$out/jsonc/include/json-c" \
  -c "$out/obj/shim.c" -o "$out/obj/shim.o"
ld -r -o "$out/obj/jsonc_iso.o" "$out/obj/shim.o" "$out"/jsonc/obj/*.o
objcopy --keep-global-symbol=pf_jsonc_iso_parse "$out/obj/jsonc_iso.o"
rm -f "$out/libjsonc_iso.a"
ar rcs "$out/libjsonc_iso.a" "$out/obj/jsonc_iso.o"
