/* Texts made from a text of v for json-c's dialect and limits properties
 * (harness/jsonc/jsonc_extra.h lists them): each walks the text once,
 * outside strings unless it says otherwise, and changes what a drawn mask
 * picks. */
#include "jsonc_extra.h"

#include <ctype.h>
#include <string.h>

/* Flips the case of the letters that a drawn mask picks, outside strings
 * (in_strings false) or in \u escapes' hex digits (in_strings true). */
void jsonc_vary_case(pf_src *s, pf_buf *t, bool in_strings)
{
    uint64_t mask = pf_u64(s, "case_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    unsigned hex_left = 0, letter = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        pf_json_text_place here = pf_json_text_step(&at, ch);
        bool pick = in_strings ? hex_left > 0 : here == PF_JSON_OUTSIDE;
        if (hex_left > 0)
            hex_left--;
        if (pick && isalpha(ch) && (mask >> (letter++ % 64) & 1))
            t->data[i] = (uint8_t)(islower(ch) ? toupper(ch) : tolower(ch));
        if (here == PF_JSON_ESCAPED && ch == 'u')
            hex_left = 4;
    }
}

/* The text with a drawn dangling exponent after each number with a point
 * and no exponent, outside strings, that a drawn mask picks. */
void jsonc_add_dangling_exponents(pf_src *s, const pf_buf *t, pf_buf *out)
{
    static const char *const tails[] = {"e", "E", "e+", "e-", "E+", "E-"};
    uint64_t mask = pf_u64(s, "exponent_mask");
    pf_json_text_place at = PF_JSON_OUTSIDE;
    bool point = false, exponent = false;
    unsigned number = 0;
    for (size_t i = 0; i < t->len; i++) {
        uint8_t ch = t->data[i];
        pf_buf_putc(out, ch);
        if (pf_json_text_step(&at, ch) != PF_JSON_OUTSIDE)
            continue;
        point |= ch == '.';
        exponent |= ch == 'e' || ch == 'E';
        bool in_number = strchr("0123456789.eE+-", ch) && ch != 0;
        bool ends = i + 1 == t->len || !strchr("0123456789.eE+-", t->data[i + 1]) ||
                    t->data[i + 1] == 0;
        if (in_number && ends) {
            if (point && !exponent && (mask >> (number++ % 64) & 1)) {
                const char *tail = tails[pf_choice(s, "exponent", PF_LEN(tails))];
                pf_buf_put(out, tail, strlen(tail));
            }
            point = exponent = false;
        }
        if (!in_number)
            point = exponent = false;
    }
}

/* Offsets of the hex digits of the \u escapes of a canonical text. */
size_t jsonc_hex_digits(const pf_buf *t, size_t *at, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i + 5 < t->len && n + 4 <= max; i++) {
        if (t->data[i] != '\\')
            continue;
        if (t->data[i + 1] == 'u')
            for (size_t k = 2; k < 6; k++)
                at[n++] = i + k;
        i++; /* the escaped character is not an escape's start */
    }
    return n;
}
