/* Planted bug for references: cJSON_AddItemToObjectCS drops the first
 * character of a key longer than one (as if it kept a pointer one past
 * the string it was given). */

static cJSON_bool planted_add_cs(cJSON *object, const char *key, cJSON *item)
{
    return cJSON_AddItemToObjectCS(object, key[0] && key[1] ? key + 1 : key, item);
}
#define cJSON_AddItemToObjectCS planted_add_cs
