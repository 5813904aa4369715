/* decimal128_text: bson_decimal128_to_string, then _from_string, gives
 * the same bits; and so does every other text of the same coefficient
 * and exponent the grammar allows: a '+' sign, leading zeros, the radix
 * point anywhere with the exponent moved to match, 'e' or 'E', an
 * exponent with or without its '+' (or none when it is 0), and
 * "Infinity", "inf", "NaN" in any case; also for one more value drawn
 * with a small exponent. Written here from the bits, so a
 * parser and printer that agree on a wrong text cannot hide. */
#include "bson_target.h"

#include <ctype.h>
#include <inttypes.h>
#include <string.h>

/* The decimal digits of the 113-bit coefficient (hi:lo), most
 * significant first, by long division on 32-bit limbs. */
static size_t coefficient_digits(uint64_t hi, uint64_t lo, char *out)
{
    uint32_t limb[4] = {(uint32_t)(hi >> 32), (uint32_t)hi, (uint32_t)(lo >> 32), (uint32_t)lo};
    char rev[40];
    size_t n = 0;
    do {
        uint64_t rem = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = rem << 32 | limb[i];
            limb[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        rev[n++] = (char)('0' + rem);
    } while (limb[0] | limb[1] | limb[2] | limb[3]);
    for (size_t i = 0; i < n; i++)
        out[i] = rev[n - 1 - i];
    out[n] = '\0';
    return n;
}

static void put_word(pf_src *s, pf_buf *b, const char *word)
{
    for (const char *c = word; *c; c++)
        pf_buf_putc(b, (uint8_t)(pf_bool(s, "upper") ? toupper(*c) : *c));
}

/* Another text of d's value (drawn), into b. */
static void other_text(pf_src *s, const bson_decimal128_t *d, pf_buf *b)
{
    bool negative = d->high >> 63;
    if (negative)
        pf_buf_putc(b, '-');
    else if (pf_bool(s, "plus sign"))
        pf_buf_putc(b, '+');
    if ((d->high >> 61 & 3) == 3) { /* exact ones only (R6): infinity, NaN */
        bool nan = (d->high >> 58 & 0x1f) == 0x1f;
        put_word(s, b, nan ? "nan" : pf_bool(s, "short") ? "inf" : "infinity");
        return;
    }
    int exponent = (int)(d->high >> 49 & 0x3fff) - 6176;
    char digits[40];
    size_t n = coefficient_digits(d->high & 0x1ffffffffffffu, d->low, digits);
    for (size_t z = pf_choice(s, "leading zeros", 4); z > 0; z--)
        pf_buf_putc(b, '0');
    size_t after = pf_choice(s, "digits after the point", n + 1);
    pf_buf_put(b, digits, n - after);
    if (after)
        pf_buf_putc(b, '.'), pf_buf_put(b, digits + n - after, after);
    int shown = exponent + (int)after;
    if (shown == 0 && pf_bool(s, "no exponent"))
        return;
    pf_buf_putc(b, pf_bool(s, "lower e") ? 'e' : 'E');
    pf_buf_printf(b, shown >= 0 && pf_bool(s, "exponent's plus") ? "+%d" : "%d", shown);
}

static const char *decimal_text(const pf_bin *v, const void *src)
{
    if (v->kind != PF_BIN_DECIMAL || !pf_bin_decimal_text_exact(v)) /* R6 */
        return NULL;
    pf_src *s = (pf_src *)src;
    bson_decimal128_t d, back;
    pf_bin_decimal_words(v, &d.high, &d.low);
    char text[BSON_DECIMAL128_STRING];
    bson_decimal128_to_string(&d, text);
    pf_buf other = {0};
    other_text(s, &d, &other);
    const char *o = pf_buf_defer(s, &other);
    const char *bad = !bson_decimal128_from_string(text, &back) || back.low != d.low ||
                              back.high != d.high
                          ? text
                      : !bson_decimal128_from_string(o, &back) || back.low != d.low ||
                              back.high != d.high
                          ? o
                          : NULL;
    if (bad) {
        pf_line l[] = {{"value", pf_bin_show(pf_bin_input_pool(s), v)},
                       {"text", text},
                       {"text read", bad}};
        pf_fail(s, NULL, "decimal128 text read back as other bits", l, 3, NULL);
    }
    return NULL;
}

void bt_prop_decimal128_text(pf_src *s, void *bin_case)
{
    pf_bin_case *k = bin_case;
    for (size_t i = 0; i < k->n; i++)
        pf_bin_find(k->values[i], decimal_text, s);
    /* A drawn decimal's exponent is 14 random bits: one whose text has a
     * radix point and no exponent ("1.5": -6 <= exponent <= 0 with few
     * digits) is rare. One such value more. */
    uint64_t coefficient = pf_u64_range(s, "small decimal's coefficient", 0, 999999999999u);
    int64_t exponent = pf_i64_range(s, "small decimal's exponent", -30, 10);
    uint64_t high = (uint64_t)pf_bool(s, "small decimal's sign") << 63 |
                    (uint64_t)(exponent + 6176) << 49;
    decimal_text(pf_bin_decimal(pf_bin_input_pool(s), high, coefficient), s);
}
