/* The per-input bump allocator behind every pointer a draw returns. */
#include "pf_internal.h"

#include <stdio.h>
#include <stdlib.h>

enum { PF_ARENA_FIRST_BLOCK = 16 * 1024, PF_ARENA_ALIGN = 16 };

static pf_arena_block *new_block(size_t cap, pf_arena_block *next)
{
    pf_arena_block *b = malloc(sizeof *b + cap);
    if (!b) {
        /* A fuzz target cannot continue without memory; say so plainly. */
        fprintf(stderr, "propfuzz: out of memory (arena block of %zu bytes)\n",
                cap);
        abort();
    }
    b->next = next;
    b->used = 0;
    b->cap = cap;
    return b;
}

void *pf__arena_alloc(pf_arena *a, size_t n)
{
    size_t need = (n + PF_ARENA_ALIGN - 1) & ~(size_t)(PF_ARENA_ALIGN - 1);
    if (need == 0)
        need = PF_ARENA_ALIGN;
    pf_arena_block *b = a->head;
    if (!b || b->cap - b->used < need) {
        size_t cap = b ? b->cap * 2 : PF_ARENA_FIRST_BLOCK;
        while (cap < need)
            cap *= 2;
        b = a->head = new_block(cap, a->head);
    }
    void *p = b->mem + b->used;
    b->used += need;
    return p;
}

void pf__arena_reset(pf_arena *a)
{
    /* Keep only the largest (newest) block so the next input reuses it. */
    pf_arena_block *b = a->head;
    if (!b)
        return;
    pf_arena_block *rest = b->next;
    while (rest) {
        pf_arena_block *next = rest->next;
        free(rest);
        rest = next;
    }
    b->next = NULL;
    b->used = 0;
}

void pf__arena_free(pf_arena *a)
{
    pf_arena_block *b = a->head;
    while (b) {
        pf_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}
