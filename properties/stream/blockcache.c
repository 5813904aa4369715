/* A cache for a library's own allocations (see include/propfuzz_stream.h):
 * freed blocks are kept and handed out again for the same size. A cached
 * block is addressable: poisoning whole blocks (4 MiB and more) on every
 * free cost more than the cache saves. */
#include "propfuzz_stream.h"

#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>

enum {
    LIVE_SLOTS = 128,           /* blocks handed out and not yet freed */
    CACHE_SLOTS = 32,           /* freed blocks kept */
    BLOCK_MAX = 16 << 20,       /* larger blocks are freed */
};

typedef struct block {
    void *p;
    size_t n;
} block;

static block g_live[LIVE_SLOTS], g_cache[CACHE_SLOTS];
static size_t g_next_evicted;

static void *from_cache(size_t n)
{
    for (size_t i = 0; i < CACHE_SLOTS; i++)
        if (g_cache[i].p && g_cache[i].n == n) {
            void *p = g_cache[i].p;
            g_cache[i].p = NULL;
            return p;
        }
    return NULL;
}

void *pf_cache_alloc(size_t n)
{
    void *p = from_cache(n);
    if (!p)
        p = malloc(n ? n : 1);
    for (size_t i = 0; i < LIVE_SLOTS && p; i++)
        if (!g_live[i].p) {
            g_live[i] = (block){p, n};
            return p;
        }
    return p; /* untracked: pf_cache_free frees it */
}

void *pf_cache_calloc(size_t n)
{
    void *p = pf_cache_alloc(n);
    if (p)
        memset(p, 0, n);
    return p;
}

/* The size of a live block, forgetting it; false when untracked. */
static bool forget_live(void *p, size_t *n)
{
    for (size_t i = 0; i < LIVE_SLOTS; i++)
        if (g_live[i].p == p) {
            *n = g_live[i].n;
            g_live[i].p = NULL;
            return true;
        }
    return false;
}

void pf_cache_free(void *p)
{
    size_t n = 0;
    if (!p)
        return;
    if (!forget_live(p, &n) || n > BLOCK_MAX) {
        free(p);
        return;
    }
    /* A free slot, else the slots in turn (their blocks are freed). */
    size_t slot = g_next_evicted++ % CACHE_SLOTS;
    for (size_t i = 0; i < CACHE_SLOTS; i++)
        if (!g_cache[i].p) {
            slot = i;
            break;
        }
    free(g_cache[slot].p);
    /* Libraries poison parts of their own workspaces for ASan and count on
     * free() to clear that ("no capability to hook into the end of the
     * workspace's lifecycle", libzstd's zstd_cwksp.h); a cached block is
     * not freed. */
    ASAN_UNPOISON_MEMORY_REGION(p, n);
    g_cache[slot] = (block){p, n};
}
