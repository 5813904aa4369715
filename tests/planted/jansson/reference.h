/* Planted bug for reference: json_loadb takes an array's trailing comma
 * ("[1,]" reads as [1]), as if its array loop allowed one. Value mode
 * never writes one. */
#include <string.h>

static inline json_t *planted_loadb(const char *text, size_t len, size_t flags,
                             json_error_t *err)
{
    json_t *v = json_loadb(text, len, flags, err);
    if (v || len < 3 || memcmp(text + len - 2, ",]", 2) != 0)
        return v;
    char *copy = malloc(len);
    if (!copy)
        return NULL;
    memcpy(copy, text, len - 2);
    copy[len - 2] = ']';
    v = json_loadb(copy, len - 1, flags, err);
    free(copy);
    return v;
}
#define json_loadb planted_loadb
