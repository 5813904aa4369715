/* Planted bug for key_order: lookup by key compares only the keys'
 * lengths, so among keys of equal length the first member wins — which
 * one that is depends on the members' order. */

static cJSON *planted_get(const cJSON *object, const char *key)
{
    size_t n = strlen(key);
    for (cJSON *c = object ? object->child : NULL; c; c = c->next)
        if (c->string && strlen(c->string) == n)
            return c;
    return NULL;
}
#define cJSON_GetObjectItemCaseSensitive planted_get
