/* load_flags — what each of json_loadb's decoding flags changes, on a
 * text jansson accepts with the adapter's flags (JSON_DECODE_ANY |
 * JSON_ALLOW_NUL), as jansson's documentation says:
 *   - JSON_REJECT_DUPLICATES refuses the text, with
 *     json_error_duplicate_key, exactly when an object in it repeats a key
 *     (as the strict reference parser finds it); else the same value;
 *   - JSON_DECODE_INT_AS_REAL gives the same value with every integer a
 *     real of the integer's value;
 *   - JSON_DISABLE_EOF_CHECK reads the text with other data after it (a
 *     tail that starts with whitespace) to the same value, and says
 *     in position it stopped where the value ends; without the flag,
 *     position on success is the whole text;
 *   - without JSON_DECODE_ANY, a text that is no array or object is
 *     refused ("'[' or '{' expected"); an array or object reads the same;
 *   - without JSON_ALLOW_NUL, a text with \u0000 in a string is refused
 *     with json_error_null_character; any other reads the same.
 * The shared properties load every text with one set of flags only. */
#include "jansson_raw.h"

#include <jansson.h>
#include <string.h>

/* A planted-bug build (tests/planted/jansson/) wraps json_loadb here too. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

static const size_t LOAD_FLAGS = JSON_DECODE_ANY | JSON_ALLOW_NUL;

typedef struct loaded {
    json_t *j;
    json_error_t e;
} loaded;

static loaded load(const pf_json_case *c, const pf_buf *text, size_t flags)
{
    loaded l;
    l.j = text ? json_loadb((const char *)text->data, text->len, flags, &l.e)
               : json_loadb((const char *)c->text, c->len, flags, &l.e);
    return l;
}

/* b is a with every integer a real of its value (-0 as an integer is 0). */
static bool same_with_reals(const json_t *a, const json_t *b)
{
    if (json_is_integer(a))
        return json_is_real(b) && json_real_value(b) == (double)json_integer_value(a);
    if (json_typeof(a) != json_typeof(b))
        return false;
    if (json_is_array(a)) {
        if (json_array_size(a) != json_array_size(b))
            return false;
        for (size_t i = 0; i < json_array_size(a); i++)
            if (!same_with_reals(json_array_get(a, i), json_array_get(b, i)))
                return false;
        return true;
    }
    if (json_is_object(a)) {
        if (json_object_size(a) != json_object_size(b))
            return false;
        json_t *o = (json_t *)a;
        for (void *it = json_object_iter(o); it; it = json_object_iter_next(o, it)) {
            const json_t *m =
                json_object_getn(b, json_object_iter_key(it), json_object_iter_key_len(it));
            if (!m || !same_with_reals(json_object_iter_value(it), m))
                return false;
        }
        return true;
    }
    return json_equal(a, b);
}

static bool holds_nul_string(const json_t *j)
{
    if (json_is_string(j))
        return memchr(json_string_value(j), 0, json_string_length(j)) != NULL;
    for (size_t i = 0; i < json_array_size(j); i++)
        if (holds_nul_string(json_array_get(j, i)))
            return true;
    for (void *it = json_object_iter((json_t *)j); it; it = json_object_iter_next((json_t *)j, it))
        if (holds_nul_string(json_object_iter_value(it)))
            return true;
    return false;
}

static size_t trimmed_len(const uint8_t *t, size_t n)
{
    while (n && strchr(" \t\n\r", t[n - 1]))
        n--;
    return n;
}

typedef struct check {
    pf_src *s;
    const pf_json_case *c;
    const json_t *plain; /* the text loaded with LOAD_FLAGS */
} check;

/* Each check returns NULL, or what went wrong. The text loaded with
 * flags is refused with code when `refuse`, else reads as plain did. */
static const char *refused_or_same(const check *k, size_t flags, bool refuse,
                                   enum json_error_code code, const char *not_refused,
                                   const char *changed)
{
    loaded l = load(k->c, NULL, flags);
    bool ok = refuse ? !l.j && json_error_code(&l.e) == code : l.j && json_equal(l.j, k->plain);
    json_decref(l.j);
    return ok ? NULL : refuse ? not_refused : changed;
}

static const char *duplicates_wrong(const check *k)
{
    pf_json_parse_info info;
    if (!pf_json_parse(k->c->pool, k->c->text, k->c->len, &info))
        return NULL; /* a jansson leniency (reference): no verdict on keys */
    return refused_or_same(
        k, LOAD_FLAGS | JSON_REJECT_DUPLICATES, info.flags & PF_JSON_F_DUP_KEY,
        json_error_duplicate_key,
        "JSON_REJECT_DUPLICATES did not refuse a repeated key (json_error_duplicate_key)",
        "JSON_REJECT_DUPLICATES changed a text without a repeated key");
}

static const char *int_as_real_wrong(const check *k)
{
    loaded l = load(k->c, NULL, LOAD_FLAGS | JSON_DECODE_INT_AS_REAL);
    bool ok = l.j && same_with_reals(k->plain, l.j);
    json_decref(l.j);
    return ok ? NULL : "JSON_DECODE_INT_AS_REAL did not read every integer as a real of its value";
}

static const char *eof_check_wrong(const check *k, size_t position)
{
    const pf_json_case *c = k->c;
    if (position != c->len)
        return "json_loadb's position after reading a whole text is not its length";
    static const char *const tails[] = {" ]", " garbage", "\n[1]", "\t\"", "  {}", "\r\n,"};
    /* Raw mode's text is the rest of the input: the tail is picked by its
     * length, not drawn. */
    const char *tail = tails[c->len % PF_LEN(tails)];
    pf_buf *t = pf_json_scratch(k->s);
    pf_buf_put(t, c->text, c->len);
    pf_buf_put(t, tail, strlen(tail));
    loaded l = load(c, t, LOAD_FLAGS | JSON_DISABLE_EOF_CHECK);
    bool ok = l.j && json_equal(l.j, k->plain),
         at = ok && (size_t)l.e.position == trimmed_len(c->text, c->len);
    json_decref(l.j);
    return !ok ? "JSON_DISABLE_EOF_CHECK did not read the value before other data"
           : !at ? "JSON_DISABLE_EOF_CHECK's position is not where the value ends"
                 : NULL;
}

static const char *decode_any_wrong(const check *k)
{
    bool container = json_is_array(k->plain) || json_is_object(k->plain);
    loaded l = load(k->c, NULL, JSON_ALLOW_NUL);
    bool ok = container ? l.j && json_equal(l.j, k->plain)
                        : !l.j && json_error_code(&l.e) == json_error_invalid_syntax &&
                              !strncmp(l.e.text, "'[' or '{' expected", 19);
    json_decref(l.j);
    return ok ? NULL
           : container ? "without JSON_DECODE_ANY, an array or object read otherwise"
                       : "without JSON_DECODE_ANY, a text that is no array or object was not "
                         "refused with \"'[' or '{' expected\"";
}

static const char *allow_nul_wrong(const check *k)
{
    return refused_or_same(k, JSON_DECODE_ANY, holds_nul_string(k->plain),
                           json_error_null_character,
                           "without JSON_ALLOW_NUL, \\u0000 in a string was not refused",
                           "without JSON_ALLOW_NUL, a text without \\u0000 read otherwise");
}

static void release(void *j) { json_decref(j); }

void jansson_load_flags(pf_src *s, void *json_case)
{
    const pf_json_case *c = json_case;
    /* A raw NUL byte is jansson's leniency (reference): where it ends a
     * value is no documented position. */
    if (memchr(c->text, 0, c->len))
        return;
    loaded plain = load(c, NULL, LOAD_FLAGS);
    if (!plain.j)
        return; /* refusals: reference and error_report */
    pf_defer(s, release, plain.j);
    check k = {s, c, plain.j};
    const char *why = duplicates_wrong(&k);
    why = why ? why : int_as_real_wrong(&k);
    why = why ? why : eof_check_wrong(&k, (size_t)plain.e.position);
    why = why ? why : decode_any_wrong(&k);
    why = why ? why : allow_nul_wrong(&k);
    if (why) {
        pf_buf text = {0};
        pf_buf_quote(&text, c->text, c->len);
        pf_line lines[] = {{"text", pf_buf_defer(s, &text)},
                           {"read", pf_json_show(c->pool, c->suite->lib->value(c->pool, plain.j))}};
        pf_fail(s, NULL, why, lines, PF_LEN(lines), NULL);
    }
}
