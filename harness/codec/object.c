/* msgpack_object as the oracles compare and report it: equality that is
 * type-strict and bit-exact, with the path to the first difference, and a
 * readable print that cuts long containers and strings short. */
#include "codec.h"

static bool bytes_equal(const char *a, uint32_t na, const char *b, uint32_t nb)
{
    return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

/* Type-strict: 1 is not 1.0 is not true; floats compare by their bits.
 * path may be NULL: passing inputs compare without building one (see
 * codec_equal in msgpack_codec.c), since formatting it costs more than
 * the comparison. */
bool mp_obj_equal(const msgpack_object *a, const msgpack_object *b, pf_path *path)
{
    if (a->type != b->type)
        return false;
    switch (a->type) {
    case MSGPACK_OBJECT_NIL: return true;
    case MSGPACK_OBJECT_BOOLEAN: return a->via.boolean == b->via.boolean;
    case MSGPACK_OBJECT_POSITIVE_INTEGER: return a->via.u64 == b->via.u64;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return a->via.i64 == b->via.i64;
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: return pf_f64_bits_equal(a->via.f64, b->via.f64);
    case MSGPACK_OBJECT_STR:
        return bytes_equal(a->via.str.ptr, a->via.str.size, b->via.str.ptr,
                           b->via.str.size);
    case MSGPACK_OBJECT_BIN:
        return bytes_equal(a->via.bin.ptr, a->via.bin.size, b->via.bin.ptr,
                           b->via.bin.size);
    case MSGPACK_OBJECT_EXT:
        return a->via.ext.type == b->via.ext.type &&
               bytes_equal(a->via.ext.ptr, a->via.ext.size, b->via.ext.ptr,
                           b->via.ext.size);
    case MSGPACK_OBJECT_ARRAY:
        if (a->via.array.size != b->via.array.size)
            return false;
        for (uint32_t i = 0; i < a->via.array.size; i++) {
            size_t mark = path ? path->len : 0;
            if (path)
                pf_path_index(path, i);
            if (!mp_obj_equal(&a->via.array.ptr[i], &b->via.array.ptr[i], path))
                return false;
            if (path)
                pf_path_pop(path, mark);
        }
        return true;
    case MSGPACK_OBJECT_MAP:
        if (a->via.map.size != b->via.map.size)
            return false;
        for (uint32_t i = 0; i < a->via.map.size; i++) {
            const msgpack_object_kv *x = &a->via.map.ptr[i];
            const msgpack_object_kv *y = &b->via.map.ptr[i];
            if (!path) {
                if (!mp_obj_equal(&x->key, &y->key, NULL) ||
                    !mp_obj_equal(&x->val, &y->val, NULL))
                    return false;
                continue;
            }
            size_t mark = path->len;
            pf_path_index(path, i);
            pf_path_key(path, (const uint8_t *)"key", 3);
            if (!mp_obj_equal(&x->key, &y->key, path))
                return false;
            pf_path_pop(path, mark);
            if (x->key.type == MSGPACK_OBJECT_STR)
                pf_path_key(path, (const uint8_t *)x->key.via.str.ptr,
                            x->key.via.str.size);
            else
                pf_path_index(path, i);
            if (!mp_obj_equal(&x->val, &y->val, path))
                return false;
            pf_path_pop(path, mark);
        }
        return true;
    }
    return false;
}

void mp_print_obj(pf_buf *b, const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_NIL: pf_buf_printf(b, "nil"); break;
    case MSGPACK_OBJECT_BOOLEAN:
        pf_buf_printf(b, o->via.boolean ? "true" : "false");
        break;
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
        pf_buf_printf(b, "%llu", (unsigned long long)o->via.u64);
        break;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER:
        pf_buf_printf(b, "%lld", (long long)o->via.i64);
        break;
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: {
        uint64_t bits;
        memcpy(&bits, &o->via.f64, sizeof bits);
        pf_buf_printf(b, "%s(%.17g, bits 0x%016llx)",
                      o->type == MSGPACK_OBJECT_FLOAT32 ? "f32" : "f64",
                      o->via.f64, (unsigned long long)bits);
        break;
    }
    case MSGPACK_OBJECT_STR:
        pf_buf_quote(b, (const uint8_t *)o->via.str.ptr,
                      o->via.str.size < PRINT_BYTES ? o->via.str.size : PRINT_BYTES);
        if (o->via.str.size > PRINT_BYTES)
            pf_buf_printf(b, "... (%u bytes)", o->via.str.size);
        break;
    case MSGPACK_OBJECT_BIN:
        pf_buf_printf(b, "bin(");
        pf_buf_hex(b, (const uint8_t *)o->via.bin.ptr, o->via.bin.size, 64);
        pf_buf_printf(b, ")");
        break;
    case MSGPACK_OBJECT_EXT:
        pf_buf_printf(b, "ext(%d, ", o->via.ext.type);
        pf_buf_hex(b, (const uint8_t *)o->via.ext.ptr, o->via.ext.size, 64);
        pf_buf_printf(b, ")");
        break;
    case MSGPACK_OBJECT_ARRAY:
        pf_buf_putc(b, '[');
        for (uint32_t i = 0; i < o->via.array.size; i++) {
            if (i)
                pf_buf_printf(b, ", ");
            if (i == PRINT_ITEMS) {
                pf_buf_printf(b, "... (%u elements)", o->via.array.size);
                break;
            }
            mp_print_obj(b, &o->via.array.ptr[i]);
        }
        pf_buf_putc(b, ']');
        break;
    case MSGPACK_OBJECT_MAP:
        pf_buf_putc(b, '{');
        for (uint32_t i = 0; i < o->via.map.size; i++) {
            if (i)
                pf_buf_printf(b, ", ");
            if (i == PRINT_ITEMS) {
                pf_buf_printf(b, "... (%u entries)", o->via.map.size);
                break;
            }
            mp_print_obj(b, &o->via.map.ptr[i].key);
            pf_buf_printf(b, ": ");
            mp_print_obj(b, &o->via.map.ptr[i].val);
        }
        pf_buf_putc(b, '}');
        break;
    }
}
