/* Planted bug for limits: JSON_TOKENER_STRICT is dropped from a tokener's
 * flags, so strict json-c reads comments (and all of the default dialect).
 * Default reading is unchanged. */

static void planted_set_flags(struct json_tokener *tok, int flags)
{
    json_tokener_set_flags(tok, flags & ~JSON_TOKENER_STRICT);
}
#define json_tokener_set_flags planted_set_flags
