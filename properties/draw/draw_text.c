/* Text draws (design §3 rule 6): the payload format of pf_bytes, read as
 * code points. Valid UTF-8 is taken verbatim (every code point, astral
 * too), a byte that does not start valid UTF-8 picks an awkward code point,
 * and 0x01 makes the next byte a code point of its own. */
#include "../core/pf_internal.h"

/* Code points a fuzzer rarely types but parsers trip on. A byte that does
 * not start valid UTF-8 picks one of these: awkward[byte % 41]. */
#define AWKWARD(X)                                                          \
    X(0x0000) X(0x0009) X(0x000A) X(0x000D) X(0x001B) X(0x0022) X(0x0027)   \
    X(0x005C) X(0x002C) X(0x003A) X(0x007B) X(0x007D) X(0x005B) X(0x005D)   \
    X(0x003C) X(0x0026) X(0x007F) X(0x0080) X(0x0085) X(0x00A0) X(0x00DF)   \
    X(0x00FF) X(0x0130) X(0x0301) X(0x07FF) X(0x0800) X(0x200B) X(0x200D)   \
    X(0x2028) X(0x2029) X(0x202E) X(0xE000) X(0xFB01) X(0xFEFF) X(0xFFFD)   \
    X(0xFFFE) X(0xFFFF) X(0x10000) X(0x1F4A9) X(0x1F600) X(0x10FFFF)
#define CODE_POINT(c) c,
static const uint32_t awkward[] = {AWKWARD(CODE_POINT)};
#define N_AWKWARD (sizeof awkward / sizeof awkward[0])

/* Their UTF-8, worked out at compile time, so the decoder copies 4 bytes
 * instead of encoding (zero-padded; len is what counts). */
#define U8_LEN(c) ((c) < 0x80 ? 1 : (c) < 0x800 ? 2 : (c) < 0x10000 ? 3 : 4)
#define U8_0(c) ((c) < 0x80 ? (c) : (c) < 0x800 ? 0xC0 | (c) >> 6                 \
                 : (c) < 0x10000 ? 0xE0 | (c) >> 12 : 0xF0 | (c) >> 18)
#define U8_1(c) ((c) < 0x80 ? 0 : (c) < 0x800 ? 0x80 | ((c) & 0x3F)              \
                 : (c) < 0x10000 ? 0x80 | ((c) >> 6 & 0x3F) : 0x80 | ((c) >> 12 & 0x3F))
#define U8_2(c) ((c) < 0x800 ? 0 : (c) < 0x10000 ? 0x80 | ((c) & 0x3F)           \
                 : 0x80 | ((c) >> 6 & 0x3F))
#define U8_3(c) ((c) < 0x10000 ? 0 : 0x80 | ((c) & 0x3F))
#define U8_BYTE(x) ((uint8_t)((x) & 0xFF)) /* (all branches are checked) */
#define UTF8_OF(c)                                                          \
    {U8_LEN(c), {U8_BYTE(U8_0(c)), U8_BYTE(U8_1(c)), U8_BYTE(U8_2(c)),       \
                 U8_BYTE(U8_3(c))}},
static const struct awkward_utf8 {
    uint8_t len, bytes[4];
} awkward_utf8[] = {AWKWARD(UTF8_OF)};

/* The length of the valid UTF-8 sequence at p (2..4), or 0: no overlong
 * forms, no surrogates, nothing above U+10FFFF. p has 4 readable bytes. */
static inline size_t valid_sequence(const uint8_t *p)
{
    uint8_t b = p[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (b >= 0xC2 && b <= 0xDF) {
        need = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 3;
        lo = b == 0xE0 ? 0xA0 : 0x80;
        hi = b == 0xED ? 0x9F : 0xBF;
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 4;
        lo = b == 0xF0 ? 0x90 : 0x80;
        hi = b == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < need; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return need;
}

/* The code point of a valid sequence of len bytes. */
static inline uint32_t sequence_code_point(const uint8_t *p, size_t len)
{
    uint32_t cp = p[0] & (0x7Fu >> len);
    for (size_t i = 1; i < len; i++)
        cp = (cp << 6) | (p[i] & 0x3Fu);
    return cp;
}

static inline size_t utf8_put(uint8_t *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xC0 | (cp >> 6));
        out[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* What decode_unit returns at the terminator. */
#define END_OF_TEXT UINT32_MAX

/* The unit at p, which has 4 readable bytes: its code point, or
 * END_OF_TEXT at the terminator; *used is the bytes it takes. */
static inline uint32_t decode_unit(const uint8_t *p, size_t *used)
{
    uint8_t b = p[0];
    *used = 1;
    if (b == PF_TERMINATOR)
        return END_OF_TEXT;
    if (b == PF_ESCAPE) {
        *used = 2;
        return p[1]; /* the literal byte as a code point */
    }
    if (b < 0x80)
        return b;
    size_t len = valid_sequence(p);
    if (!len)
        return awkward[b % N_AWKWARD];
    *used = len;
    return sequence_code_point(p, len);
}

/* The 4 bytes a unit may read: in place, or within 4 bytes of the end a
 * copy padded with zeros. A zero is never a continuation byte, so a unit
 * decodes the same whatever follows the end. */
static inline const uint8_t *unit_bytes(const pf_src *s, uint8_t tail[4])
{
    size_t avail = pf__avail(s);
    if (avail >= 4)
        return s->data + s->pos;
    memset(tail, 0, 4);
    if (avail)
        memcpy(tail, s->data + s->pos, avail);
    return tail;
}

/* Moves the cursor past a unit; reading past the end sets the overrun
 * flag, as pf__read_byte does. */
static inline void advance(pf_src *s, size_t used)
{
    s->pos += used;
    if (s->pos > s->size)
        s->overrun = true;
}

/* An alphabet, checked once per draw; the reciprocal for cp % n (the map
 * of a code point outside it) is worked out when first needed. */
typedef struct alphabet {
    const uint32_t *cps;
    size_t n;
    uint64_t recip; /* 2^64 / n rounded up (n < 2^32), or 0: not yet */
} alphabet;

static bool scalar_value(uint32_t cp) { return cp <= 0x10FFFF && cp - 0xD800 >= 0x800; }

static void alphabet_init(const pf_src *s, const char *label,
                          const pf_text_opts *o, alphabet *a)
{
    a->cps = o->alphabet;
    a->n = o->alphabet_len;
    a->recip = 0;
    unsigned bad = 0;
    for (size_t i = 0; i < a->n; i++) /* no early exit: it vectorizes */
        bad |= !scalar_value(a->cps[i]);
    for (size_t i = 0; bad && i < a->n; i++)
        if (!scalar_value(a->cps[i]))
            pf__misuse(s, "pf_text", label, "alphabet[%zu] = 0x%X is not a Unicode "
                       "scalar value (surrogates and values above U+10FFFF have no "
                       "UTF-8)", i, (unsigned)a->cps[i]);
}

static inline bool alphabet_has(const alphabet *a, uint32_t cp)
{
    unsigned found = 0;
    for (size_t i = 0; i < a->n; i++) /* no early exit: it vectorizes */
        found |= a->cps[i] == cp;
    return found;
}

/* cp % n by Lemire's reciprocal method (exact for 32-bit cp and n). */
static inline size_t alphabet_index(alphabet *a, uint32_t cp)
{
#ifdef __SIZEOF_INT128__
    if (!a->recip && a->n > 1 && a->n < (UINT64_C(1) << 32))
        a->recip = UINT64_MAX / a->n + 1;
    if (a->recip)
        return (size_t)(((unsigned __int128)(a->recip * cp) * a->n) >> 64);
#endif
    return cp % a->n;
}

/* A code point outside the alphabet maps to alphabet[cp % n]. */
static inline uint32_t in_alphabet(alphabet *a, uint32_t cp)
{
    return alphabet_has(a, cp) ? cp : a->cps[alphabet_index(a, cp)];
}

/* One unit at p (4 readable bytes) without an alphabet, written to out;
 * returns the bytes written and sets *used, or returns SIZE_MAX at the
 * terminator. ASCII and valid sequences are copied as they are (a valid
 * sequence is its own encoding), 4 bytes at a time: out has 3 to spare. */
static inline size_t put_unit(const uint8_t *p, uint8_t *out, size_t *used)
{
    uint8_t b = p[0];
    size_t len;
    *used = 1;
    if (b > PF_ESCAPE && b < 0x80) {
        out[0] = b;
        return 1;
    }
    if ((len = valid_sequence(p)) != 0) {
        memcpy(out, p, 4);
        *used = len;
        return len;
    }
    if (b == PF_TERMINATOR)
        return SIZE_MAX;
    if (b == PF_ESCAPE) {
        *used = 2;
        return utf8_put(out, p[1]);
    }
    const struct awkward_utf8 *a = &awkward_utf8[b % N_AWKWARD];
    memcpy(out, a->bytes, 4);
    return a->len;
}

/* Up to max units without an alphabet into out; returns the bytes written
 * and counts the units. While 4 bytes are left it reads in place with a
 * local cursor; the last few units go through unit_bytes. */
static size_t text_units(pf_src *s, size_t max, uint8_t *out, size_t *units)
{
    size_t n = 0, k = 0, used, w;
    if (pf__avail(s) >= 4) {
        const uint8_t *start = s->data + s->pos, *p = start;
        const uint8_t *stop = s->data + s->size - 3; /* p < stop: 4 left */
        for (; k < max && p < stop; k++, p += used) {
            if ((w = put_unit(p, out + n, &used)) == SIZE_MAX) {
                s->pos += (size_t)(p - start) + 1;
                *units = k;
                return n;
            }
            n += w;
        }
        s->pos += (size_t)(p - start);
    }
    for (; k < max; k++) {
        uint8_t tail[4];
        w = put_unit(unit_bytes(s, tail), out + n, &used);
        advance(s, used);
        if (w == SIZE_MAX)
            break;
        n += w;
    }
    *units = k;
    return n;
}

/* The same with an alphabet: every code point is looked up in it. */
static size_t alphabet_units(pf_src *s, alphabet *a, size_t max,
                             uint8_t *out, size_t *units)
{
    size_t n = 0, k = 0, used;
    uint32_t cp;
    if (pf__avail(s) >= 4) {
        const uint8_t *start = s->data + s->pos, *p = start;
        const uint8_t *stop = s->data + s->size - 3;
        for (; k < max && p < stop; k++, p += used) {
            if ((cp = decode_unit(p, &used)) == END_OF_TEXT) {
                s->pos += (size_t)(p - start) + 1;
                *units = k;
                return n;
            }
            n += utf8_put(out + n, in_alphabet(a, cp));
        }
        s->pos += (size_t)(p - start);
    }
    for (; k < max; k++) {
        uint8_t tail[4];
        cp = decode_unit(unit_bytes(s, tail), &used);
        advance(s, used);
        if (cp == END_OF_TEXT)
            break;
        n += utf8_put(out + n, in_alphabet(a, cp));
    }
    *units = k;
    return n;
}

static const pf_text_opts default_text;

/* Alphabet options that leave no text, or are not an alphabet. */
static void check_alphabet(const pf_src *s, const char *label,
                           const pf_text_opts *o)
{
    if (!o->alphabet && o->alphabet_len)
        pf__misuse(s, "pf_text", label, "alphabet_len %zu with a NULL alphabet "
                   "(NULL means all of Unicode: set alphabet_len to 0)", o->alphabet_len);
    if (o->alphabet && !o->alphabet_len && o->min_len)
        pf__misuse(s, "pf_text", label, "min_len %zu code points from an empty "
                   "alphabet", o->min_len);
}

const char *pf_text(pf_src *s, const char *label, const pf_text_opts *opts,
                    size_t *len)
{
    const pf_text_opts *o = opts ? opts : &default_text;
    size_t min = o->min_len;
    size_t max = o->max_len ? o->max_len : PF_UNBOUNDED;
    if (max < min)
        max = min;
    if (o->allow_invalid) {
        const uint8_t *p = pf_bytes(s, label, min, max, len);
        if (s->recording)
            s->records[s->n_records - 1].kind = PF_DRAW_TEXT;
        return (const char *)p;
    }
    check_alphabet(s, label, o);
    if (o->alphabet && !o->alphabet_len)
        max = 0; /* an empty alphabet spells only "" */
    size_t at = s->pos;
    size_t room = pf__avail(s) < max ? pf__avail(s) : max;
    size_t units_cap = room > min ? room : min;
    uint8_t *out = pf__arena_alloc(&s->arena, 4 * units_cap + 4);
    size_t n, units;
    uint32_t pad = '0';
    if (o->alphabet_len) {
        alphabet a;
        alphabet_init(s, label, o, &a);
        n = alphabet_units(s, &a, max, out, &units);
        pad = o->alphabet[0];
    } else {
        n = text_units(s, max, out, &units);
    }
    for (; units < min; units++)
        n += utf8_put(out + n, pad);
    out[n] = 0;
    if (s->recording)
        pf__record_payload(s, PF_DRAW_TEXT, label, at, out, n, units, min, max);
    *len = n;
    return (const char *)out;
}

/* --- inverse ----------------------------------------------------------- */

/* Length in bytes of the UTF-8 sequence starting with lead (valid input). */
static size_t utf8_len(uint8_t lead)
{
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

void pf_enc_text(pf_buf *e, const pf_text_opts *opts, const char *text,
                 size_t len)
{
    const pf_text_opts *o = opts ? opts : &default_text;
    size_t max = o->max_len ? o->max_len : PF_UNBOUNDED;
    if (o->allow_invalid) {
        pf_enc_bytes(e, o->min_len, max, (const uint8_t *)text, len);
        return;
    }
    if (o->alphabet && !o->alphabet_len)
        return; /* only "", which reads nothing */
    const uint8_t *p = (const uint8_t *)text;
    size_t units = 0;
    for (size_t i = 0; i < len; units++) {
        if (p[i] == PF_TERMINATOR || p[i] == PF_ESCAPE) {
            /* U+0000 and U+0001 go through the escape: literal byte. */
            pf__enc_payload_byte(e, p[i]);
            i++;
            continue;
        }
        size_t n = utf8_len(p[i]);
        pf_buf_put(e, p + i, n);
        i += n;
    }
    if (units < max)
        pf_buf_putc(e, PF_TERMINATOR);
}
