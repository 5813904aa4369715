/* Planted bug for format_neutral: the formatted printer writes an empty
 * object as an empty array. The compact printer is right, so only the
 * comparison of the two formats can see it. */

static void planted_objects_to_arrays(cJSON *c)
{
    for (; c; c = c->next) {
        if (cJSON_IsObject(c) && !c->child)
            c->type = cJSON_Array;
        planted_objects_to_arrays(c->child);
    }
}

static char *planted_print_pretty(const cJSON *c)
{
    cJSON *copy = cJSON_Duplicate(c, 1);
    if (!copy)
        return NULL;
    planted_objects_to_arrays(copy);
    char *text = cJSON_Print(copy);
    cJSON_Delete(copy);
    return text;
}
#define cJSON_Print planted_print_pretty
