/* Planted bug for canonical_fixed_point: the compact printer silently
 * drops duplicate keys of an object (keeping the first). Drawn objects
 * have distinct keys, so only text the parser accepts can reveal it. */

static void planted_drop_duplicates(cJSON *c)
{
    for (; c; c = c->next) {
        if (cJSON_IsObject(c)) {
            for (cJSON *a = c->child; a; a = a->next) {
                cJSON *b = a->next;
                while (b) {
                    cJSON *next = b->next;
                    if (strcmp(a->string, b->string) == 0)
                        cJSON_Delete(cJSON_DetachItemViaPointer(c, b));
                    b = next;
                }
            }
        }
        planted_drop_duplicates(c->child);
    }
}

static char *planted_print(const cJSON *c)
{
    cJSON *copy = cJSON_Duplicate(c, 1);
    if (!copy)
        return NULL;
    planted_drop_duplicates(copy);
    char *text = cJSON_PrintUnformatted(copy);
    cJSON_Delete(copy);
    return text;
}
#define cJSON_PrintUnformatted planted_print
