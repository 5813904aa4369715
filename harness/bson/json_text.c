/* json_layout: the Extended JSON libbson writes is one of many texts of
 * the same document. JSON lets whitespace (space, tab, CR, LF) stand
 * anywhere between tokens, and a string's every character be written
 * raw or escaped (\uXXXX in either case of hex, a surrogate pair past
 * U+FFFF, the short escapes \" \\ \/ \b \f \n \r \t): bson_new_from_json
 * must read each such text as the same document. And a \u escape with a
 * digit that is not hex must be refused, not read as some character, as
 * must a $numberLong whose digits hold a letter, a scalar outside any
 * document, and $binary whose base64 holds a character base64 has not. */
#include "bson_target.h"

#include <stdio.h>
#include <string.h>

static void put_space(pf_src *s, pf_buf *out)
{
    static const char ws[] = {' ', '\t', '\r', '\n'};
    size_t n = pf_choice(s, "whitespace", 3);
    for (size_t i = 0; i < n; i++)
        pf_buf_putc(out, (uint8_t)ws[pf_choice(s, "space", sizeof ws)]);
}

/* The code point at t (valid UTF-8 or an escape, as libbson writes
 * strings); *len is its length in t. */
static uint32_t code_point(const char *t, size_t *len)
{
    const uint8_t *u = (const uint8_t *)t;
    if (u[0] == '\\') {
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        const char *e = strchr(from, t[1]);
        *len = 2;
        if (e && t[1])
            return (uint8_t)to[e - from];
        uint32_t cp = 0; /* \uXXXX: libbson escapes below U+0020 only */
        for (int i = 2; i < 6; i++)
            cp = cp << 4 | (uint32_t)(t[i] <= '9' ? t[i] - '0' : (t[i] | 0x20) - 'a' + 10);
        *len = 6;
        return cp;
    }
    if (u[0] < 0x80)
        return *len = 1, u[0];
    size_t n = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : 2;
    uint32_t cp = u[0] & (0x7f >> n);
    for (size_t i = 1; i < n; i++)
        cp = cp << 6 | (u[i] & 0x3f);
    *len = n;
    return cp;
}

static void put_u(pf_src *s, pf_buf *out, uint32_t unit)
{
    bool upper = pf_bool(s, "upper hex");
    pf_buf_printf(out, upper ? "\\u%04X" : "\\u%04x", (unsigned)unit);
}

/* One character of a string, written raw or escaped (drawn). */
static void put_char(pf_src *s, pf_buf *out, const char *raw, size_t len, uint32_t cp)
{
    static const char short_of[] = "\"\\/\b\f\n\r\t", short_as[] = "\"\\/bfnrt";
    const char *e = cp && cp < 0x80 ? strchr(short_of, (int)cp) : NULL;
    bool must = cp < 0x20 || cp == '"' || cp == '\\';
    enum escape { RAW, SHORT, U };
    enum escape how = (enum escape)pf_choice(s, "escape", 3);
    if (how == SHORT && !e)
        how = U;
    if (how == RAW && must)
        how = e ? SHORT : U;
    if (how == RAW && raw[0] == '\\') /* a character libbson escaped: its UTF-8 */
        how = U;
    if (how == RAW)
        pf_buf_put(out, raw, len);
    else if (how == SHORT)
        pf_buf_putc(out, '\\'), pf_buf_putc(out, (uint8_t)short_as[e - short_of]);
    else if (cp < 0x10000)
        put_u(s, out, cp);
    else
        put_u(s, out, 0xd800 | ((cp - 0x10000) >> 10)), put_u(s, out, 0xdc00 | (cp & 0x3ff));
}

static const char *relaid(pf_src *s, const char *json, size_t len, pf_buf *out)
{
    put_space(s, out);
    for (size_t i = 0; i < len;) {
        if (json[i] == ' ' || json[i] == '\n') { /* libbson's own spacing */
            while (i < len && (json[i] == ' ' || json[i] == '\n'))
                i++;
            put_space(s, out);
        } else if (json[i] == '"') {
            pf_buf_putc(out, '"');
            for (i++; i < len && json[i] != '"';) {
                size_t n;
                uint32_t cp = code_point(json + i, &n);
                put_char(s, out, json + i, n, cp);
                i += n;
            }
            pf_buf_putc(out, '"');
            i++;
        } else {
            pf_buf_putc(out, (uint8_t)json[i++]);
        }
    }
    put_space(s, out);
    return "Extended JSON laid out and escaped otherwise";
}

/* Texts bson_new_from_json must refuse, each a near miss of one it reads. */
static void must_refuse(pf_src *s, const char *text, const char *why)
{
    bson_error_t err;
    bson_t *b = bson_new_from_json((const uint8_t *)text, -1, &err);
    if (b) {
        pf_buf got = {0};
        pf_buf_hex(&got, bson_get_data(b), b->len, 64);
        bson_destroy(b);
        pf_line l[] = {{"json", text}, {"read as", pf_buf_defer(s, &got)}};
        pf_fail(s, NULL, why, l, 2, NULL);
    }
}

/* A string whose one \u escape has a digit that is not hex. */
static void bad_escape(pf_src *s)
{
    static const char bad[] = {':', '/', '@', '`', 'g', 'G', ' ', '"'};
    char text[] = "{ \"k\" : \"a\\u0041b\" }";
    char *u = strstr(text, "\\u") + 2;
    u[pf_choice(s, "bad digit at", 4)] = bad[pf_choice(s, "bad digit", sizeof bad)];
    must_refuse(s, text, "bson_new_from_json read a \\u escape with a digit that is not hex");
}

/* A $numberLong whose digits hold a letter, which no base-10 number has. */
static void bad_number(pf_src *s)
{
    char digits[] = "1234567890", text[64];
    size_t at = pf_u64_range(s, "letter after digit", 1, sizeof digits - 2);
    digits[at] = (char)(pf_bool(s, "upper letter") ? 'A' : 'a') + (char)pf_choice(s, "letter", 26);
    digits[at + pf_u64_range(s, "digits after it", 0, sizeof digits - 2 - at) + 1] = '\0';
    snprintf(text, sizeof text, "{ \"k\" : { \"$numberLong\" : \"%s%s\" } }",
             pf_bool(s, "negative") ? "-" : "", digits);
    must_refuse(s, text, "bson_new_from_json read a $numberLong whose digits hold a letter");
}

/* A scalar outside any document: it has no key to be stored under. */
static void bad_top_level(pf_src *s)
{
    static const char *const scalars[] = {"5 ", "-7 ", "5000000000 ", "1.5 ", "true ",
                                          "false ", "null ", " 5]"};
    must_refuse(s, scalars[pf_choice(s, "top-level scalar", PF_LEN(scalars))],
                "bson_new_from_json read a scalar outside any document");
}

/* $binary whose base64 has a character base64 does not, after a valid
 * start, in the canonical or the legacy form. */
static void bad_base64(pf_src *s)
{
    static const char bad[] = {'!', '*', '-', '_', '.', '~'};
    char b64[] = "AAAAAAAA", text[96];
    size_t at = pf_choice(s, "bad base64 at", sizeof b64 - 1);
    b64[at] = bad[pf_choice(s, "bad base64", sizeof bad)];
    snprintf(text, sizeof text,
             pf_bool(s, "legacy $binary")
                 ? "{ \"k\" : { \"$binary\" : \"%s\", \"$type\" : \"00\" } }"
                 : "{ \"k\" : { \"$binary\" : { \"base64\" : \"%s\", \"subType\" : \"00\" } } }",
             b64);
    must_refuse(s, text, "bson_new_from_json read $binary whose base64 is not base64");
}

void bt_prop_json_layout(pf_src *s, void *bin_case)
{
    bad_escape(s);
    bad_number(s);
    bad_top_level(s);
    bad_base64(s);
    bt_extjson(s, bin_case, pf_bool(s, "relaxed"), relaid);
}
