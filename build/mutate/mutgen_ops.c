/* The mutation operators on tokens: which operator becomes which, and the
 * neighbours of an integer literal. Pure functions of the token text. */
#include "mutgen.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t mg_hash(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

uint64_t mg_mix(uint64_t h)
{
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

/* Each row is a pair mutated both ways, except where noted. */
static const struct swap {
    const char *from, *to, *op_class;
} swaps[] = {
    {"+", "-", "aor"},    {"-", "+", "aor"},     {"*", "/", "aor"},
    {"/", "*", "aor"},    {"+=", "-=", "aor"},   {"-=", "+=", "aor"},
    {"*=", "/=", "aor"},  {"/=", "*=", "aor"},   {"<<", ">>", "sor"},
    {">>", "<<", "sor"},  {"<<=", ">>=", "sor"}, {">>=", "<<=", "sor"},
    {"<", "<=", "ror"},   {"<=", "<", "ror"},    {">", ">=", "ror"},
    {">=", ">", "ror"},   {"==", "!=", "ror"},   {"!=", "==", "ror"},
    {"&&", "||", "lcr"},  {"||", "&&", "lcr"},   {"&", "|", "bor"},
    {"|", "&", "bor"},    {"&=", "|=", "bor"},   {"|=", "&=", "bor"},
};

const char *mg_binary_swap(const char *tok, const char **op_class)
{
    for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++)
        if (strcmp(tok, swaps[i].from) == 0) {
            *op_class = swaps[i].op_class;
            return swaps[i].to;
        }
    return NULL;
}

/* Formats v in the base of the literal's prefix ("0x", "0", or none). */
static void format_like(char *out, size_t cap, unsigned long long v,
                        const char *prefix, int upper_hex, const char *suffix)
{
    if (prefix[0] == '0' && (prefix[1] == 'x' || prefix[1] == 'X'))
        snprintf(out, cap, upper_hex ? "%s%llX%s" : "%s%llx%s", prefix, v, suffix);
    else if (prefix[0] == '0' && v != 0)
        snprintf(out, cap, "0%llo%s", v, suffix);
    else
        snprintf(out, cap, "%llu%s", v, suffix);
}

int mg_literal_mutants(const char *tok, bool down_only, char out[2][64])
{
    size_t len = strlen(tok), digits = len;
    while (digits > 0 && strchr("uUlL", tok[digits - 1]))
        digits--;
    if (digits == 0 || digits >= 40 || !isdigit((unsigned char)tok[0]))
        return 0; /* not a plain integer literal (or absurdly long) */
    char num[48];
    memcpy(num, tok, digits);
    num[digits] = '\0';
    const char *suffix = tok + digits;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(num, &end, 0);
    if (*end != '\0' || errno != 0)
        return 0; /* e.g. a float without a dot? not an integer literal */
    char prefix[3] = {0};
    if (num[0] == '0' && (num[1] == 'x' || num[1] == 'X'))
        memcpy(prefix, num, 2);
    else if (num[0] == '0' && num[1] != '\0')
        prefix[0] = '0';
    int upper = strpbrk(num + 2 * (prefix[1] != 0), "ABCDEF") != NULL;
    int n = 0;
    if (v == 0) {
        if (!down_only)
            format_like(out[n++], 64, 1, prefix, upper, suffix);
        return n;
    }
    if (v == 1) {
        format_like(out[n++], 64, 0, prefix, upper, suffix);
        if (!down_only)
            format_like(out[n++], 64, 2, prefix, upper, suffix);
        return n;
    }
    if (v != ~0ull && !down_only)
        format_like(out[n++], 64, v + 1, prefix, upper, suffix);
    format_like(out[n++], 64, v - 1, prefix, upper, suffix);
    return n;
}
