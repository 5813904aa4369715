/* Byte vectors a library writes into directly, from a pool kept across
 * inputs, with a poisoned guard after the room or the data (see
 * include/propfuzz_stream.h).
 *
 * Exactly one guard of PF_VEC_GUARD bytes is poisoned at a time, at
 * v->guard; every other byte of the buffer is addressable. Moving it costs
 * the same whatever the room: a decoder given a room of 256 KiB in 1-byte
 * input steps must not pay for the room on every call. */
#include "propfuzz_stream.h"

#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Released vectors wait here for the next input: a fuzzing run allocates
 * the same handful of buffers again and again, and under ASan fresh ones
 * come from the quarantine, page faults and all. */
enum { POOL_SLOTS = 32, MIN_CAP = 256 };
static struct pooled {
    uint8_t *p;
    size_t cap;
} g_pool[POOL_SLOTS];

static void out_of_memory(size_t n)
{
    fprintf(stderr, "propfuzz: out of memory (byte vector of %zu bytes)\n", n);
    abort();
}


/* The best fitting pooled buffer of at least `need` bytes, or none. */
static bool take_pooled(pf_vec *v, size_t need)
{
    size_t best = POOL_SLOTS;
    for (size_t i = 0; i < POOL_SLOTS; i++)
        if (g_pool[i].p && g_pool[i].cap >= need &&
            (best == POOL_SLOTS || g_pool[i].cap < g_pool[best].cap))
            best = i;
    if (best == POOL_SLOTS)
        return false;
    v->data = g_pool[best].p;
    v->cap = g_pool[best].cap;
    g_pool[best].p = NULL;
    return true;
}

/* Into the pool, evicting a smaller buffer when it is full. */
static void pool_put(uint8_t *p, size_t cap)
{
    size_t slot = POOL_SLOTS;
    for (size_t i = 0; i < POOL_SLOTS; i++) {
        if (!g_pool[i].p) {
            slot = i;
            break;
        }
        if (g_pool[i].cap < cap &&
            (slot == POOL_SLOTS || g_pool[i].cap < g_pool[slot].cap))
            slot = i;
    }
    if (slot == POOL_SLOTS) {
        free(p);
        return;
    }
    free(g_pool[slot].p);
    g_pool[slot] = (struct pooled){p, cap};
}

static void unguard(pf_vec *v)
{
    if (v->guard != SIZE_MAX)
        ASAN_UNPOISON_MEMORY_REGION(v->data + v->guard, PF_VEC_GUARD);
    v->guard = SIZE_MAX;
}

/* A pooled buffer when one is large enough (its pages are already
 * mapped), the old one back to the pool; else realloc. */
static void grow(pf_vec *v, size_t need)
{
    unguard(v);
    pf_vec bigger = {.guard = SIZE_MAX};
    if (take_pooled(&bigger, need)) {
        if (v->data) {
            memcpy(bigger.data, v->data, v->len);
            pool_put(v->data, v->cap);
        }
        v->data = bigger.data, v->cap = bigger.cap;
        return;
    }
    size_t cap = v->cap ? v->cap : MIN_CAP;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    uint8_t *p = realloc(v->data, cap);
    if (!p)
        out_of_memory(cap);
    v->data = p;
    v->cap = cap;
}

static void move_guard(pf_vec *v, size_t at)
{
    unguard(v);
    ASAN_POISON_MEMORY_REGION(v->data + at, PF_VEC_GUARD);
    v->guard = at;
}

uint8_t *pf_vec_reserve(pf_vec *v, size_t n)
{
    if (n > SIZE_MAX - PF_VEC_GUARD - v->len)
        out_of_memory(n);
    if (v->cap < v->len + n + PF_VEC_GUARD)
        grow(v, v->len + n + PF_VEC_GUARD);
    move_guard(v, v->len + n);
    return v->data + v->len;
}

void pf_vec_added(pf_vec *v, size_t n)
{
    v->len += n;
    move_guard(v, v->len);
}

void pf_vec_put(pf_vec *v, const void *p, size_t n)
{
    uint8_t *room = pf_vec_reserve(v, n);
    if (n)
        memcpy(room, p, n);
    pf_vec_added(v, n);
}

void pf_vec_truncate(pf_vec *v, size_t n)
{
    if (n >= v->len)
        return;
    v->len = n;
    move_guard(v, v->len);
}

static void release(void *arg)
{
    pf_vec *v = arg;
    if (v->data) {
        unguard(v);
        pool_put(v->data, v->cap);
    }
    *v = (pf_vec){.guard = SIZE_MAX};
}

pf_vec *pf_vec_new(pf_src *s)
{
    pf_vec *v = pf_alloc(s, sizeof *v);
    *v = (pf_vec){.guard = SIZE_MAX};
    pf_defer(s, release, v);
    return v;
}

void pf_vec_pool_drain(void)
{
    for (size_t i = 0; i < POOL_SLOTS; i++) {
        free(g_pool[i].p);
        g_pool[i].p = NULL;
    }
}
