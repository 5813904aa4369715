/* Planted bug for batch_incremental: the callback loader loses the first
 * byte of a piece that follows a piece ending in a double quote. Loading
 * whole never has such a boundary. */

typedef struct planted_src {
    json_load_callback_t cb;
    void *arg;
    bool after_quote;
} planted_src;

static inline size_t planted_cb(void *buffer, size_t buflen, void *arg)
{
    planted_src *p = arg;
    size_t n = p->cb(buffer, buflen, p->arg);
    if (n == 0 || n == (size_t)-1)
        return n;
    if (p->after_quote && n > 1) {
        memmove(buffer, (char *)buffer + 1, n - 1);
        n--;
    }
    p->after_quote = ((char *)buffer)[n - 1] == '"';
    return n;
}

static inline json_t *planted_load_callback(json_load_callback_t cb, void *arg,
                                     size_t flags, json_error_t *err)
{
    planted_src p = {cb, arg, false};
    return json_load_callback(planted_cb, &p, flags, err);
}
#define json_load_callback planted_load_callback
