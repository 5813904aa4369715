/* Replays the BSON Corpus (the MongoDB drivers' shared specification
 * tests, shipped in libbson's source as tests/json/bson_corpus/, one JSON file per type)
 * through the bson target:
 *
 *   valid cases     canonical_bson runs through every raw-mode property of
 *                   harness/bson.c (pf_fails must say it passes); it
 *                   iterates to a value that bson_append_* writes back to
 *                   the same bytes; canonical_extjson parses to those
 *                   bytes (unless lossy); libbson's own canonical Extended
 *                   JSON of them parses back to them; degenerate_bson's
 *                   canonical Extended JSON parses to canonical_bson
 *   decodeErrors    bytes libbson refuses: bson_init_static,
 *                   bson_validate (UTF-8) or iteration fails
 *   parseErrors     text libbson refuses: bson_decimal128_from_string for
 *                   the decimal128 files, bson_new_from_json otherwise
 *
 * Usage: bson_corpus FILE.json...   Prints the counts; exit 1 when a case
 * disagrees with the specification other than the known ones below (each
 * is printed). */
#include "../harness/bson/bson_target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned g_valid, g_valid_ok, g_decode, g_decode_ok, g_parse, g_parse_ok;
static unsigned g_known, g_unexpected;

/* Cases where libbson disagrees with the specification, checked by hand
 * (harness/bson.c's restrictions, FINDINGS.md). */
static const struct {
    const char *file, *description, *why;
} known[] = {
    {"code.json", "Embedded nulls", "R2: bson_append_code takes a C string"},
    {"code_w_scope.json", "Unicode and embedded null in code string, empty scope",
     "R2: bson_append_code_with_scope takes a C string"},
    {"string.json", "invalid UTF-8", "R8: bson_validate ignores the visit's UTF-8 failure"},
    {"code.json", "invalid UTF-8", "R8, in code"},
    {"symbol.json", "invalid UTF-8", "R8, in a symbol"},
    {"dbpointer.json", "String with bad UTF-8", "R8, in a DBPointer's collection"},
    {"top.json", "Bad $date (number, not string or hash)",
     "bson_new_from_json reads the legacy {\"$date\": <ms>}"},
};

static void disagree(const char *path, const char *what, const char *desc, const char *why)
{
    const char *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strcmp(known[i].file, file) && !strcmp(known[i].description, desc)) {
            printf("KNOWN %s %s \"%s\": %s (%s)\n", file, what, desc, why, known[i].why);
            g_known++;
            return;
        }
    printf("DISAGREE %s %s \"%s\": %s\n", file, what, desc, why);
    g_unexpected++;
}

static size_t unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = 0;
    for (; hex[0] && hex[1] && n < cap; hex += 2) {
        unsigned b;
        if (sscanf(hex, "%2x", &b) != 1)
            break;
        out[n++] = (uint8_t)b;
    }
    return n;
}

static bool bytes_of_json(const char *json, const uint8_t *want, size_t len)
{
    bson_error_t err;
    bson_t *b = bson_new_from_json((const uint8_t *)json, -1, &err);
    bool same = b && b->len == len && !memcmp(bson_get_data(b), want, len);
    if (b)
        bson_destroy(b);
    return same;
}

static const char *get_str(const bson_t *doc, const char *key)
{
    bson_iter_t it;
    return bson_iter_init_find(&it, doc, key) && BSON_ITER_HOLDS_UTF8(&it)
               ? bson_iter_utf8(&it, NULL) : NULL;
}

static bool get_bool(const bson_t *doc, const char *key)
{
    bson_iter_t it;
    return bson_iter_init_find(&it, doc, key) && BSON_ITER_HOLDS_BOOL(&it) && bson_iter_bool(&it);
}

static const char *valid_case(const bson_t *c)
{
    static uint8_t cb[1 << 16], input[(1 << 16) + 1];
    const char *hex = get_str(c, "canonical_bson");
    size_t len = unhex(hex, cb, sizeof cb);
    char sig[256];
    input[0] = 1; /* raw mode */
    memcpy(input + 1, cb, len);
    static char why[300];
    if (pf_fails(input, len + 1, sig, sizeof sig)) {
        snprintf(why, sizeof why, "raw mode fails: %s", sig);
        return why;
    }
    bson_t b;
    if (!bson_init_static(&b, cb, len) || !bson_validate(&b, BSON_VALIDATE_UTF8 | BSON_VALIDATE_UTF8_ALLOW_NULL, NULL))
        return "canonical_bson does not validate";
    pf_bin_pool *p = pf_bin_pool_new();
    pf_bin *v = bt_value_of(p, &b);
    bson_t again;
    bool same = v && bt_of_value(v, &again);
    if (same) {
        same = again.len == len && !memcmp(bson_get_data(&again), cb, len);
        bson_destroy(&again);
    }
    pf_bin_pool_free(p);
    if (!same)
        return "canonical_bson does not write back as itself";
    const char *cej = get_str(c, "canonical_extjson");
    if (cej && !get_bool(c, "lossy") && !bytes_of_json(cej, cb, len))
        return "canonical_extjson does not parse to canonical_bson";
    char *mine = bson_as_canonical_extended_json(&b, NULL);
    same = mine && (get_bool(c, "lossy") || bytes_of_json(mine, cb, len));
    bson_free(mine);
    if (!same)
        return "libbson's canonical Extended JSON does not parse back";
    const char *dhex = get_str(c, "degenerate_bson");
    if (dhex) {
        static uint8_t db[1 << 16];
        size_t dlen = unhex(dhex, db, sizeof db);
        bson_t d;
        char *dj = bson_init_static(&d, db, dlen) ? bson_as_canonical_extended_json(&d, NULL) : NULL;
        same = dj && bytes_of_json(dj, cb, len);
        bson_free(dj);
        if (!same)
            return "degenerate_bson's canonical Extended JSON does not parse to canonical_bson";
    }
    return NULL;
}

static bool refuses_bytes(const char *hex)
{
    static uint8_t raw[1 << 16];
    size_t len = unhex(hex, raw, sizeof raw);
    bson_t b;
    if (!bson_init_static(&b, raw, len) ||
        !bson_validate(&b, BSON_VALIDATE_UTF8 | BSON_VALIDATE_UTF8_ALLOW_NULL, NULL))
        return true;
    pf_bin_pool *p = pf_bin_pool_new();
    bool refused = bt_value_of(p, &b) == NULL;
    pf_bin_pool_free(p);
    return refused;
}

static bool refuses_text(const char *text, bool decimal)
{
    if (decimal) {
        bson_decimal128_t d;
        return !bson_decimal128_from_string(text, &d);
    }
    bson_error_t err;
    bson_t *b = bson_new_from_json((const uint8_t *)text, -1, &err);
    if (b)
        bson_destroy(b);
    return b == NULL;
}

static void each_case(const char *file, const bson_t *doc, const char *list, bool decimal)
{
    bson_iter_t it, arr;
    if (!bson_iter_init_find(&it, doc, list) || !bson_iter_recurse(&it, &arr))
        return;
    while (bson_iter_next(&arr)) {
        uint32_t len;
        const uint8_t *data;
        bson_t c;
        bson_iter_document(&arr, &len, &data);
        bson_init_static(&c, data, len);
        const char *desc = get_str(&c, "description");
        if (!strcmp(list, "valid")) {
            const char *why = valid_case(&c);
            g_valid++, g_valid_ok += !why;
            if (why)
                disagree(file, list, desc, why);
        } else if (!strcmp(list, "decodeErrors")) {
            bool ok = refuses_bytes(get_str(&c, "bson"));
            g_decode++, g_decode_ok += ok;
            if (!ok)
                disagree(file, list, desc, "accepted");
        } else {
            bool ok = refuses_text(get_str(&c, "string"), decimal);
            g_parse++, g_parse_ok += ok;
            if (!ok)
                disagree(file, list, desc, "accepted");
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s BSON-CORPUS-FILE.json...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        bson_error_t err;
        static char text[1 << 20];
        FILE *f = fopen(argv[i], "rb");
        size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
        if (f)
            fclose(f);
        text[n] = 0;
        bson_t *doc = n ? bson_new_from_json((const uint8_t *)text, (ssize_t)n, &err) : NULL;
        if (!doc) {
            fprintf(stderr, "bson_corpus: cannot read %s as JSON: %s\n", argv[i], n ? err.message : "empty or missing");
            return 2;
        }
        const char *type = get_str(doc, "bson_type");
        bool decimal = type && !strcmp(type, "0x13");
        each_case(argv[i], doc, "valid", decimal);
        each_case(argv[i], doc, "decodeErrors", decimal);
        each_case(argv[i], doc, "parseErrors", decimal);
        bson_destroy(doc);
    }
    printf("valid %u/%u pass, decodeErrors %u/%u refused, parseErrors %u/%u refused; "
           "%u known disagreements, %u unexpected\n",
           g_valid_ok, g_valid, g_decode_ok, g_decode, g_parse_ok, g_parse, g_known, g_unexpected);
    /* An empty run proves nothing. */
    return g_unexpected == 0 && g_valid > 0 && g_decode > 0 && g_parse > 0 ? 0 : 1;
}
