/* Planted bug for canonical_fixed_point: the generator drops U+0000 from
 * strings and keys. */

static inline yajl_gen_status planted_gen_string(yajl_gen g, const unsigned char *s, size_t len)
{
    unsigned char *copy = malloc(len ? len : 1);
    if (!copy)
        return yajl_gen_generation_complete;
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i])
            copy[n++] = s[i];
    yajl_gen_status st = yajl_gen_string(g, copy, n);
    free(copy);
    return st;
}
#define yajl_gen_string planted_gen_string
