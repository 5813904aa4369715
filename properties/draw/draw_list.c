/* Lists by continue-flags (design §3 rule 5) and unique lists. */
#include "../core/pf_internal.h"

#include <stdio.h>

enum { MAX_DUPLICATES_IN_A_ROW = 16 };

typedef struct key_set {
    size_t n, cap;
    const uint8_t **keys;
    size_t *lens;
} key_set;

void pf_list_begin(pf_src *s, pf_list *l, const char *label, size_t min,
                   size_t max)
{
    memset(l, 0, sizeof *l);
    l->min = min;
    l->max = max < min ? min : max;
    if (s->recording && label) {
        size_t n = strlen(label);
        char *item = pf__arena_alloc(&s->arena, n + 3);
        memcpy(item, label, n);
        memcpy(item + n, "[]", 3);
        l->item_label = item;
    }
    pf_span_begin(s, label);
}

/* Whether another element follows: the first min without a flag, none
 * past max, else the flag byte. */
static inline bool next_element(pf_src *s, const pf_list *l)
{
    if (l->count < l->min)
        return true;
    if (l->count >= l->max)
        return false;
    size_t at = s->pos;
    bool more = pf__read_byte(s) != 0;
    if (s->recording)
        pf__record(s, PF_DRAW_FLAG, l->item_label, at)->value.u = more;
    return more;
}

bool pf_list_more(pf_src *s, pf_list *l)
{
    /* Fuzzing, between two elements: ending one element's span and
     * beginning the next at the same depth changes nothing a draw can see
     * (span labels are read only when recording), so the pair is skipped.
     * At depth 0 (the element ended spans it did not begin) the end is a
     * no-op and the begin is not: that goes the long way. */
    if (l->open && !s->recording && s->depth > 0) {
        if (next_element(s, l)) {
            l->count++;
            return true;
        }
        pf_span_end(s); /* the element */
        l->open = false;
        pf_span_end(s); /* the list */
        return false;
    }
    if (l->open) {
        pf_span_end(s);
        l->open = false;
    }
    bool more = next_element(s, l);
    if (!more) {
        pf_span_end(s);
        return false;
    }
    l->count++;
    l->open = true;
    pf_span_begin(s, l->item_label);
    return true;
}

static bool key_seen(const key_set *k, const void *key, size_t len)
{
    for (size_t i = 0; i < k->n; i++)
        if (k->lens[i] == len && memcmp(k->keys[i], key, len) == 0)
            return true;
    return false;
}

static void key_add(pf_src *s, key_set *k, const void *key, size_t len)
{
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 8;
        const uint8_t **keys = pf__arena_alloc(&s->arena, cap * sizeof *keys);
        size_t *lens = pf__arena_alloc(&s->arena, cap * sizeof *lens);
        if (k->n) {
            memcpy(keys, k->keys, k->n * sizeof *keys);
            memcpy(lens, k->lens, k->n * sizeof *lens);
        }
        k->keys = keys;
        k->lens = lens;
        k->cap = cap;
    }
    uint8_t *copy = pf__arena_alloc(&s->arena, len ? len : 1);
    if (len)
        memcpy(copy, key, len);
    k->keys[k->n] = copy;
    k->lens[k->n] = len;
    k->n++;
}

bool pf_list_unique(pf_src *s, pf_list *l, const void *key, size_t key_len)
{
    key_set *k = l->keys;
    if (!k) {
        k = l->keys = pf__arena_alloc(&s->arena, sizeof *k);
        memset(k, 0, sizeof *k);
    }
    if (key_seen(k, key, key_len)) {
        l->count--;
        /* A run of duplicates ends the list, so a list stays finite even
         * when the input keeps repeating one key. */
        if (++l->rejected >= MAX_DUPLICATES_IN_A_ROW)
            l->max = l->min = l->count;
        return false;
    }
    l->rejected = 0;
    key_add(s, k, key, key_len);
    return true;
}
