/* uint32_keys: bson_uint32_to_string, which writes every array's keys
 * ("0", "1", ...), gives the decimal text of its value and that text's
 * length: from its table of constant strings below 1000, through
 * snprintf into the caller's buffer from 1000 on (bson-keys.c). The drawn
 * arrays hold a few items, so only this reaches the table's end. */
#include "bson_target.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void bt_prop_uint32_keys(pf_src *s, void *bin_case)
{
    (void)bin_case;
    uint32_t value = pf_bool(s, "near the table's end")
                         ? (uint32_t)pf_u64_range(s, "key", 990, 1010)
                         : pf_u32(s, "key");
    char storage[16], want[16];
    const char *key = NULL;
    size_t len = bson_uint32_to_string(value, &key, storage, sizeof storage);
    snprintf(want, sizeof want, "%" PRIu32, value);
    if (!key || len != strlen(want) || strncmp(key, want, sizeof want) != 0) {
        pf_buf v = {0}, got = {0};
        pf_buf_printf(&v, "%" PRIu32, value);
        pf_buf_printf(&got, "\"%.15s\" (length %zu)", key ? key : "(null)", len);
        pf_line l[] = {{"value", pf_buf_defer(s, &v)},
                       {"bson_uint32_to_string", pf_buf_defer(s, &got)}};
        pf_fail(s, NULL, "bson_uint32_to_string's key is not the value's decimal text", l, 2, NULL);
    }
}
