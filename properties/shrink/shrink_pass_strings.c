/* Shrinking pass on byte strings and text, toward the simplest value the
 * order knows (fewer elements, then each element nearer 0): delete
 * elements, lower every occurrence of a repeated element together (a run
 * of equal bytes stays a run), then lower each element to the smallest
 * value below it that still fails (searched, not just tried: a failing
 * control character becomes the smallest failing one). */
#include "../core/pf_internal.h"
#include "shrink_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Values below an element tried one by one, in-process and (each try a
 * fork) in a child; above that, a binary search first. */
enum { SCAN_IN_PROCESS = 256, SCAN_IN_CHILD = 16 };

typedef struct elems {
    pf__elem *e;
    size_t n, cap;
    bool utf8;
    size_t a, b;      /* the elements' bytes [a, b) */
    bool ended;       /* a terminator follows them */
} elems;

static bool still_payload(const pf__shrinker *sh, size_t i)
{
    return i < sh->n_draws && pf__is_payload(sh->draws[i]);
}

/* Reads the elements of payload draw i of the view into s. */
static void load(const pf__shrinker *sh, size_t i, elems *s)
{
    const pf__rec *r = sh->draws[i];
    pf__elems it;
    pf__elem e;
    pf__elems_begin(&it, r, sh->view, sh->view_len);
    s->n = 0;
    s->utf8 = it.utf8;
    while (pf__elems_next(&it, &e)) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 64;
            s->e = realloc(s->e, s->cap * sizeof *s->e);
            if (!s->e) {
                fprintf(stderr, "propfuzz: out of memory (shrinker)\n");
                abort();
            }
        }
        s->e[s->n++] = e;
    }
    s->a = r->offset;
    s->b = s->n ? s->e[s->n - 1].at + s->e[s->n - 1].len : r->offset;
    s->ended = s->b < pf__draw_end(r);
}

/* Deletes elements [from, to); a string that had no terminator (it was at
 * its maximum length) gets one. */
static bool try_delete(pf__shrinker *sh, const elems *s, size_t from, size_t to)
{
    size_t a = s->e[from].at, b = s->e[to - 1].at + s->e[to - 1].len;
    return s->ended ? pf__sh_delete(sh, a, b) : pf__sh_replace(sh, a, b, 1);
}

/* The string with every element k where pick[k] (or only element `one`
 * when pick is NULL) set to value v. */
static bool try_value(pf__shrinker *sh, const elems *s, const bool *pick,
                      size_t one, uint32_t v)
{
    uint8_t enc[4];
    size_t m = pf__elem_encode(s->utf8, v, enc);
    if (m == 0)
        return false;
    uint8_t *out = malloc(4 * s->n + 1);
    if (!out)
        return false;
    size_t len = 0;
    for (size_t k = 0; k < s->n; k++) {
        bool set = pick ? pick[k] : k == one;
        memcpy(out + len, set ? enc : sh->view + s->e[k].at, set ? m : s->e[k].len);
        len += set ? m : s->e[k].len;
    }
    bool ok = pf__sh_splice(sh, s->a, s->b, out, len);
    free(out);
    return ok;
}

/* Tries the values below v for the chosen elements: a binary search down
 * to the scan range (failures assumed contiguous up to v), then every
 * value in it from 0 up, so the first that fails is the smallest. True at
 * the first success (best changed: the caller reloads and asks again). */
static bool lower_to_smallest(pf__shrinker *sh, const elems *s,
                              const bool *pick, size_t one, uint32_t v)
{
    uint32_t cap = sh->in_child ? SCAN_IN_CHILD : SCAN_IN_PROCESS, t = 0;
    while (v > cap && v - t > 1 && !pf__sh_stop(sh)) {
        uint32_t mid = t + (v - t) / 2;
        if (try_value(sh, s, pick, one, mid))
            return true;
        t = mid;
    }
    for (uint32_t w = 0; w < v && w < cap && !pf__sh_stop(sh); w++)
        if (try_value(sh, s, pick, one, w))
            return true;
    /* Past a short scan, the simplest printable characters too. */
    static const uint8_t printable[] = {'0', 'A', 'a'};
    for (size_t k = 0; k < sizeof printable && !pf__sh_stop(sh); k++)
        if (printable[k] >= cap && printable[k] < v &&
            try_value(sh, s, pick, one, printable[k]))
            return true;
    return false;
}

/* Marks in pick the elements equal to element k; false unless k is the
 * first of two or more equal non-zero elements. */
static bool pick_repeats(const elems *s, size_t k, bool *pick)
{
    uint32_t v = s->e[k].value;
    size_t count = 0;
    for (size_t j = 0; j < s->n; j++) {
        pick[j] = s->e[j].value == v;
        if (pick[j] && j < k)
            return false;
        count += pick[j];
    }
    return v != 0 && count > 1;
}

/* Lowers every occurrence of a value that occurs more than once. */
static bool lower_repeats(pf__shrinker *sh, size_t i, elems *s)
{
    bool any = false;
    for (size_t k = 0; k < s->n && !pf__sh_stop(sh); k++) {
        bool *pick = calloc(s->n, sizeof *pick);
        bool ok = pick && pick_repeats(s, k, pick) &&
                  lower_to_smallest(sh, s, pick, 0, s->e[k].value);
        free(pick);
        if (!ok)
            continue;
        any = true;
        if (!still_payload(sh, i))
            return true;
        load(sh, i, s);
        k--; /* the same run again: it may go lower still */
    }
    return any;
}

/* Deletes all elements, else one at a time from the end. */
static bool shorten(pf__shrinker *sh, size_t i, elems *s)
{
    if (s->n > 1 && try_delete(sh, s, 0, s->n)) {
        load(sh, i, s);
        return true;
    }
    bool any = false;
    for (size_t k = s->n; k-- > 0 && !pf__sh_stop(sh);) {
        if (!try_delete(sh, s, k, k + 1))
            continue;
        any = true;
        if (!still_payload(sh, i))
            return true;
        load(sh, i, s);
    }
    return any;
}

static bool lower_each(pf__shrinker *sh, size_t i, elems *s)
{
    bool any = false;
    for (size_t k = 0; k < s->n && !pf__sh_stop(sh); k++) {
        if (s->e[k].value == 0 ||
            !lower_to_smallest(sh, s, NULL, k, s->e[k].value))
            continue;
        any = true;
        if (!still_payload(sh, i))
            return true;
        load(sh, i, s);
        k--; /* the same element again: it may go lower still */
    }
    return any;
}

bool pf__pass_strings(pf__shrinker *sh)
{
    bool any = false;
    elems s = {0};
    for (size_t i = 0; i < sh->n_draws && !pf__sh_stop(sh); i++) {
        if (!pf__is_payload(sh->draws[i]))
            continue;
        load(sh, i, &s);
        any |= shorten(sh, i, &s);
        if (still_payload(sh, i))
            any |= lower_repeats(sh, i, &s);
        if (still_payload(sh, i))
            any |= lower_each(sh, i, &s);
    }
    free(s.e);
    return any;
}
