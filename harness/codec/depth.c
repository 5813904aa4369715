/* nest_limit: msgpack-c's unpacker reads containers up to its stack's
 * depth (MSGPACK_EMBED_STACK_SIZE, 32) and refuses a deeper value with
 * MSGPACK_UNPACK_NOMEM_ERROR (R5). A chain of single-element arrays
 * around nil, drawn from one below the limit to two above it, must read
 * back as that chain exactly up to the limit and be refused past it: the
 * values the strategy draws stop at the limit, and the check at the
 * limit's edge is where an off-by-one would write past the stack. */
#include "codec.h"

/* MSGPACK_EMBED_STACK_SIZE of msgpack-c 4.0.0's unpack_define.h, stated
 * here rather than read from the library under test. */
enum { DEPTH_LIMIT = 32 };

/* The depth of a chain of single-element arrays ending in nil, or -1 when
 * the object is not such a chain. */
static int chain_depth(const msgpack_object *o)
{
    int d = 0;
    for (; o->type == MSGPACK_OBJECT_ARRAY; o = &o->via.array.ptr[0], d++)
        if (o->via.array.size != 1)
            return -1;
    return o->type == MSGPACK_OBJECT_NIL ? d : -1;
}

void mp_prop_nest_limit(pf_src *s, void *bin_case)
{
    (void)bin_case;
    int depth = (int)pf_u64_range(s, "chain_depth", DEPTH_LIMIT - 1, DEPTH_LIMIT + 2);
    char bytes[DEPTH_LIMIT + 3];
    memset(bytes, 0x91, (size_t)depth); /* fixarray of one element */
    bytes[depth] = (char)0xc0;          /* nil */
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    msgpack_unpack_return r = msgpack_unpack_next(&u, bytes, (size_t)depth + 1, &off);
    int got = r == MSGPACK_UNPACK_SUCCESS ? chain_depth(&u.data) : -2;
    msgpack_unpacked_destroy(&u);
    bool ok = depth <= DEPTH_LIMIT ? got == depth && off == (size_t)depth + 1
                                   : r == MSGPACK_UNPACK_NOMEM_ERROR;
    if (ok)
        return;
    pf_buf in = {0}, t = {0};
    pf_buf_printf(&in, "%d single-element arrays around nil (91 x %d, c0); the limit is %d",
                  depth, depth, DEPTH_LIMIT);
    pf_buf_printf(&t, "returned %d after %zu bytes, a chain %d deep", (int)r, off, got);
    pf_line l[] = {{"input", pf_buf_defer(s, &in)},
                   {"msgpack_unpack_next", pf_buf_defer(s, &t)}};
    pf_fail(s, NULL, depth <= DEPTH_LIMIT ? "a value within the nesting limit is not read back"
                                          : "a value past the nesting limit is not refused",
            l, PF_LEN(l), NULL);
}
