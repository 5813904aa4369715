/* work_census — how much work one exec of a harness does.
 *
 * The two harnesses read the same bytes differently (propfuzz draws lists
 * by continue-flags, the hand-written one draws a count), so on the same
 * inputs they build different values. execs/s alone cannot tell "slower"
 * from "checked more"; this census says how much msgpack-c work and how
 * many allocations each exec did, so bench/run.sh can also print a
 * work-normalised ratio.
 *
 * Linked only into separate census binaries (never the timed ones) with
 *   -Wl,--wrap=LLVMFuzzerTestOneInput -Wl,--wrap=msgpack_pack_object
 *   -Wl,--wrap=msgpack_unpack_next -Wl,--wrap=msgpack_unpacker_next
 *   -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc
 * so every call the harness, libpropfuzz and msgpack-c make through those
 * symbols is counted (calls inside libc itself are not). msgpack-c packs a
 * container's elements by recursing inside its own object file, which
 * --wrap does not see, so nodes are counted by walking each packed object.
 * At exit it prints one line:
 *
 *   census execs=E packs=P nodes=N unpacks=U allocs=A   (per exec but E)
 */
#include <msgpack.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int __real_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __real_msgpack_pack_object(msgpack_packer *pk, msgpack_object o);
int __wrap_msgpack_pack_object(msgpack_packer *pk, msgpack_object o);
msgpack_unpack_return __real_msgpack_unpack_next(msgpack_unpacked *r,
                                                 const char *data, size_t len,
                                                 size_t *off);
msgpack_unpack_return __wrap_msgpack_unpack_next(msgpack_unpacked *r,
                                                 const char *data, size_t len,
                                                 size_t *off);
msgpack_unpack_return __real_msgpack_unpacker_next(msgpack_unpacker *u,
                                                   msgpack_unpacked *r);
msgpack_unpack_return __wrap_msgpack_unpacker_next(msgpack_unpacker *u,
                                                   msgpack_unpacked *r);
void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);

static uint64_t g_execs, g_packs, g_nodes, g_unpacks, g_allocs;

static void report(void)
{
    double e = g_execs ? (double)g_execs : 1;
    printf("census execs=%llu packs=%.2f nodes=%.2f unpacks=%.2f "
           "allocs=%.2f\n",
           (unsigned long long)g_execs, (double)g_packs / e,
           (double)g_nodes / e, (double)g_unpacks / e, (double)g_allocs / e);
}

int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (g_execs++ == 0)
        atexit(report);
    return __real_LLVMFuzzerTestOneInput(data, size);
}

static uint64_t nodes(const msgpack_object *o)
{
    uint64_t n = 1;
    if (o->type == MSGPACK_OBJECT_ARRAY)
        for (uint32_t i = 0; i < o->via.array.size; i++)
            n += nodes(&o->via.array.ptr[i]);
    else if (o->type == MSGPACK_OBJECT_MAP)
        for (uint32_t i = 0; i < o->via.map.size; i++)
            n += nodes(&o->via.map.ptr[i].key) + nodes(&o->via.map.ptr[i].val);
    return n;
}

int __wrap_msgpack_pack_object(msgpack_packer *pk, msgpack_object o)
{
    g_packs++;
    g_nodes += nodes(&o);
    return __real_msgpack_pack_object(pk, o);
}

msgpack_unpack_return __wrap_msgpack_unpack_next(msgpack_unpacked *r,
                                                 const char *data, size_t len,
                                                 size_t *off)
{
    g_unpacks++;
    return __real_msgpack_unpack_next(r, data, len, off);
}

msgpack_unpack_return __wrap_msgpack_unpacker_next(msgpack_unpacker *u,
                                                   msgpack_unpacked *r)
{
    g_unpacks++;
    return __real_msgpack_unpacker_next(u, r);
}

void *__wrap_malloc(size_t n)
{
    g_allocs++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
    g_allocs++;
    return __real_calloc(k, n);
}

/* A realloc that grows a buffer is an allocation too (and a copy). */
void *__wrap_realloc(void *p, size_t n)
{
    g_allocs++;
    return __real_realloc(p, n);
}
