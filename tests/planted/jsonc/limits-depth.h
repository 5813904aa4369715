/* Planted bug for limits: tokeners nest one level deeper than
 * JSON_TOKENER_DEFAULT_DEPTH, the depth json_tokener_new documents. */

static struct json_tokener *planted_tokener_new(void)
{
    return json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH + 1);
}
#define json_tokener_new planted_tokener_new
