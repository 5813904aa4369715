/* R8 and R4 of raw_reserialize: raw bytes bson_validate accepts that
 * cannot be written back as they are (harness/bson.c's restrictions). */
#include "bson_target.h"

#include <string.h>

/* The text bson_iter_visit_all checks for UTF-8 in the element at it
 * (besides its key), or NULL. */
static const char *visited_text(const bson_iter_t *it, uint32_t *len)
{
    const char *opts;
    const bson_oid_t *oid;
    uint32_t scope_len;
    const uint8_t *scope;
    switch (bson_iter_type(it)) {
    case BSON_TYPE_UTF8: return bson_iter_utf8(it, len);
    case BSON_TYPE_CODE: return bson_iter_code(it, len);
    case BSON_TYPE_SYMBOL: return bson_iter_symbol(it, len);
    case BSON_TYPE_CODEWSCOPE: return bson_iter_codewscope(it, len, &scope_len, &scope);
    case BSON_TYPE_DBPOINTER: {
        const char *coll;
        bson_iter_dbpointer(it, len, &coll, &oid);
        return coll;
    }
    case BSON_TYPE_REGEX: {
        const char *re = bson_iter_regex(it, &opts);
        *len = (uint32_t)strlen(re);
        return re;
    }
    default: return NULL;
    }
}

/* R8 over b and what it holds; *r4 set when an array's keys are not
 * "0", "1", ... (array: b is an array). */
static bool hole(const bson_t *b, bool array, bool *r4)
{
    bson_iter_t it;
    bool after_scope = false;
    if (!bson_iter_init(&it, b))
        return false;
    for (uint32_t i = 0; bson_iter_next(&it); i++) {
        if (after_scope) /* bson_validate checked nothing from here on */
            return true;
        uint32_t len = 0, len2;
        const uint8_t *data = NULL;
        bson_t sub;
        bson_type_t t = bson_iter_type(&it);
        const char *key = bson_iter_key(&it), *text = visited_text(&it, &len), *index;
        char buf[16];
        if (!bson_utf8_validate(key, strlen(key), false) ||
            (text && !bson_utf8_validate(text, len, true)))
            return true;
        if (array && bson_uint32_to_string(i, &index, buf, sizeof buf) && strcmp(key, index))
            *r4 = true;
        if (t == BSON_TYPE_DOCUMENT)
            bson_iter_document(&it, &len, &data);
        else if (t == BSON_TYPE_ARRAY)
            bson_iter_array(&it, &len, &data);
        else if (t == BSON_TYPE_CODEWSCOPE) {
            const char *code = bson_iter_codewscope(&it, &len2, &len, &data);
            if (code[len2] != 0) /* the code's terminator is not checked */
                return true;
            after_scope = true;
        }
        if (data && (!bson_init_static(&sub, data, len) ||
                     hole(&sub, t == BSON_TYPE_ARRAY, r4)))
            return true;
    }
    /* Bytes past the end marker that follows a code with scope. */
    return after_scope && it.err_off != 0;
}

const char *bt_raw_unfit(const bson_t *b)
{
    bool r4 = false;
    return hole(b, false, &r4) ? "R8" : r4 ? "R4" : NULL;
}
