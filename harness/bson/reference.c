/* Extended JSON against the text the specification gives, written here
 * from the value alone. Round trips cannot see a writer and a reader that
 * agree on a wrong text (relaxed int32 in canonical mode, a leap year of
 * 365 days in both the formatter and the parser): these properties can.
 *
 *   extjson_reference  each scalar of the drawn documents, alone in
 *                      { "v" : ... }, prints as the spec's canonical and
 *                      relaxed text (integers, booleans, null, dates,
 *                      timestamps, ObjectIds, binary in base64, min/max
 *                      key, undefined)
 *   date_text          a drawn date from 1970 to 9999 prints in relaxed
 *                      mode as the calendar's ISO-8601 text, and that
 *                      text, in another zone, with 0-3 digits of
 *                      milliseconds, reads back as the same instant; so
 *                      does the text of a date from 0000 to 1969 (which
 *                      relaxed mode writes as $numberLong) */
#include "bson_target.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MS_PER_DAY INT64_C(86400000)
/* 0000-01-01T00:00:00Z (proleptic Gregorian). */
#define YEAR_0_MS INT64_C(-62167219200000)

static void destroy(void *b) { bson_destroy(b); }

/* The proleptic Gregorian date of a day count from 1970-01-01 (days
 * from civil, inverted: H. Hinnant's public-domain algorithm). */
static void civil(int64_t days, int64_t *y, int *m, int *d)
{
    int64_t z = days + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

/* ISO-8601 of ms (from year 0000 on) with the time zone offset (minutes
 * east), the milliseconds in `digits` digits (0: none; they must hold
 * them). */
static void iso(pf_buf *b, int64_t ms, int offset, int digits)
{
    int64_t local = ms + (int64_t)offset * 60000, y;
    int64_t days = local / MS_PER_DAY - (local % MS_PER_DAY < 0);
    int m, d;
    civil(days, &y, &m, &d);
    int64_t in_day = local - days * MS_PER_DAY;
    pf_buf_printf(b, "%04" PRId64 "-%02d-%02dT%02d:%02d:%02d", y, m, d,
                  (int)(in_day / 3600000), (int)(in_day / 60000 % 60), (int)(in_day / 1000 % 60));
    int millis = (int)(in_day % 1000);
    if (digits)
        pf_buf_printf(b, ".%0*d", digits, digits == 3 ? millis : digits == 2 ? millis / 10 : millis / 100);
    if (offset)
        pf_buf_printf(b, "%c%02d%02d", offset < 0 ? '-' : '+', abs(offset) / 60, abs(offset) % 60);
    else
        pf_buf_putc(b, 'Z');
}

static void base64(pf_buf *b, const uint8_t *p, size_t n)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        uint32_t w = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        for (size_t j = 0; j < 4; j++)
            pf_buf_putc(b, j <= n - i ? (uint8_t)abc[w >> (18 - 6 * j) & 63] : '=');
    }
}

/* The spec's text of v (canonical or relaxed); false: not checked here. */
static bool reference(pf_buf *b, const pf_bin *v, bool relaxed)
{
    if (v->kind == PF_BIN_INT)
        pf_buf_printf(b, relaxed ? "%" PRId64 : v->width == 4 ? "{ \"$numberInt\" : \"%" PRId64 "\" }"
                                                              : "{ \"$numberLong\" : \"%" PRId64 "\" }",
                      v->v.i);
    else if (v->kind == PF_BIN_BOOL)
        pf_buf_printf(b, "%s", v->v.b ? "true" : "false");
    else if (v->kind == PF_BIN_NIL)
        pf_buf_printf(b, "null");
    else if (v->kind == PF_BIN_DATE && relaxed && v->v.i >= 0 && v->v.i < BT_YEAR_10000_MS) {
        pf_buf_printf(b, "{ \"$date\" : \"");
        iso(b, v->v.i, 0, v->v.i % 1000 ? 3 : 0);
        pf_buf_printf(b, "\" }");
    } else if (v->kind == PF_BIN_DATE && (!relaxed || v->v.i < 0))
        pf_buf_printf(b, "{ \"$date\" : { \"$numberLong\" : \"%" PRId64 "\" } }", v->v.i);
    else if (v->kind == PF_BIN_EXT) {
        pf_buf_printf(b, "{ \"$binary\" : { \"base64\" : \"");
        base64(b, v->v.bytes, v->n);
        pf_buf_printf(b, "\", \"subType\" : \"%02x\" } }", (unsigned)v->tag);
    } else if (v->kind != PF_BIN_TAG)
        return false;
    else if (v->tag == BSON_TYPE_OID) {
        pf_buf_printf(b, "{ \"$oid\" : \"");
        for (size_t i = 0; i < 12; i++)
            pf_buf_printf(b, "%02x", pf_bin_tag_part(v, 0)->v.bytes[i]);
        pf_buf_printf(b, "\" }");
    } else if (v->tag == BSON_TYPE_TIMESTAMP)
        pf_buf_printf(b, "{ \"$timestamp\" : { \"t\" : %" PRIu64 ", \"i\" : %" PRIu64 " } }",
                      pf_bin_tag_part(v, 0)->v.u, pf_bin_tag_part(v, 1)->v.u);
    else if (v->tag == BSON_TYPE_MINKEY || v->tag == BSON_TYPE_MAXKEY)
        pf_buf_printf(b, "{ \"$%s\" : 1 }", v->tag == BSON_TYPE_MINKEY ? "minKey" : "maxKey");
    else if (v->tag == BSON_TYPE_UNDEFINED)
        pf_buf_printf(b, "{ \"$undefined\" : true }");
    else
        return false;
    return true;
}

static const char *check_scalar(const pf_bin *v, const void *src)
{
    pf_src *s = (pf_src *)src;
    pf_bin_pool *p = pf_bin_input_pool(s);
    for (int relaxed = 0; relaxed < 2; relaxed++) {
        pf_buf want = {0};
        pf_buf_printf(&want, "{ \"v\" : ");
        if (!reference(&want, v, relaxed)) {
            pf_buf_free(&want);
            return NULL;
        }
        pf_buf_printf(&want, " }");
        pf_bin *doc = pf_bin_map(p, 1);
        pf_bin_put(p, doc, pf_bin_text(p, "v"), (pf_bin *)v);
        bson_t b;
        PF_ASSERT(s, bt_of_value(doc, &b));
        char *got = relaxed ? bson_as_relaxed_extended_json(&b, NULL)
                            : bson_as_canonical_extended_json(&b, NULL);
        bson_destroy(&b);
        PF_ASSERT(s, got != NULL);
        pf_defer(s, bson_free, got);
        const char *w = pf_buf_defer(s, &want);
        if (strcmp(got, w)) {
            pf_line l[] = {{"value", pf_bin_show(p, v)}, {"json", got}, {"spec's text", w}};
            pf_fail(s, NULL, relaxed ? "relaxed Extended JSON is not the spec's text"
                                     : "canonical Extended JSON is not the spec's text",
                    l, 3, NULL);
        }
    }
    return NULL;
}

void bt_prop_extjson_reference(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    for (size_t i = 0; i < k->n; i++)
        pf_bin_find(k->values[i], check_scalar, s);
}

void bt_prop_date_text(pf_src *s, void *bin_case)
{
    (void)bin_case;
    /* A day inside 1970..9999 either side, so the text in any zone has a
     * four-digit year from 1970 on; or, read only (relaxed mode writes
     * them as $numberLong), one from 0000 to 1969. */
    bool before_1970 = pf_bool(s, "before 1970");
    int64_t ms = before_1970 ? pf_i64_range(s, "date", YEAR_0_MS + MS_PER_DAY, -MS_PER_DAY - 1)
                             : pf_i64_range(s, "date", MS_PER_DAY, BT_YEAR_10000_MS - 1 - MS_PER_DAY);
    int64_t millis = (ms % 1000 + 1000) % 1000; /* of a negative ms too */
    if (pf_bool(s, "whole seconds"))
        ms -= millis, millis = 0;
    int digits = (int)pf_choice(s, "millisecond digits", 4);
    if (digits < 3 && millis % (digits == 2 ? 10 : digits == 1 ? 100 : 1000))
        digits = 3; /* the text must hold the milliseconds */
    int offset = (int)pf_i64_range(s, "zone (minutes east)", -(23 * 60 + 59), 23 * 60 + 59);

    pf_buf want = {0}, text = {0};
    pf_buf_printf(&want, "{ \"d\" : { \"$date\" : \"");
    iso(&want, ms, 0, ms % 1000 ? 3 : 0);
    pf_buf_printf(&want, "\" } }");
    pf_buf_printf(&text, "{ \"d\" : { \"$date\" : \"");
    iso(&text, ms, offset, digits);
    pf_buf_printf(&text, "\" } }");
    const char *w = pf_buf_defer(s, &want), *t = pf_buf_defer(s, &text);

    bson_t *b = bson_new();
    pf_defer(s, destroy, b);
    PF_ASSERT(s, bson_append_date_time(b, "d", 1, ms));
    char *got = bson_as_relaxed_extended_json(b, NULL);
    PF_ASSERT(s, got != NULL);
    pf_defer(s, bson_free, got);
    pf_buf at = {0};
    pf_buf_printf(&at, "%" PRId64 " ms", ms);
    const char *date = pf_buf_defer(s, &at);
    const char *msg = NULL;
    bson_error_t err = {0};
    bson_t *back = NULL;
    if (!before_1970 && strcmp(got, w))
        msg = "relaxed Extended JSON of a date is not its calendar text";
    else if (!(back = bson_new_from_json((const uint8_t *)t, -1, &err)))
        msg = "bson_new_from_json refused a date's ISO-8601 text";
    else {
        pf_defer(s, destroy, back);
        bson_iter_t it;
        if (!bson_iter_init_find(&it, back, "d") || !BSON_ITER_HOLDS_DATE_TIME(&it) ||
            bson_iter_date_time(&it) != ms)
            msg = "a date's ISO-8601 text read back as another instant";
    }
    if (msg) {
        pf_line l[] = {{"date", date}, {"spec's text", w}, {"json", got},
                       {"text read", t},
                       {"read back", back ? pf_bin_hex(s, bson_get_data(back), back->len) : err.message}};
        pf_fail(s, NULL, msg, l, 5, NULL);
    }
}
