/* Planted bug for dialect: every tokener is strict (JSON_TOKENER_STRICT),
 * as if a build defaulted to it: json-c then refuses the literals in other
 * case, comments and dangling exponents it reads by default. The texts
 * json-c prints itself read as before. */

static void planted_set_flags(struct json_tokener *tok, int flags)
{
    json_tokener_set_flags(tok, flags | JSON_TOKENER_STRICT);
}
#define json_tokener_set_flags planted_set_flags
