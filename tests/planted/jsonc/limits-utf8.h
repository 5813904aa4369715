/* Planted bug for limits: JSON_TOKENER_VALIDATE_UTF8 is dropped from a
 * tokener's flags, so strings that are no UTF-8 are read. */

static void planted_set_flags(struct json_tokener *tok, int flags)
{
    json_tokener_set_flags(tok, flags & ~JSON_TOKENER_VALIDATE_UTF8);
}
#define json_tokener_set_flags planted_set_flags
