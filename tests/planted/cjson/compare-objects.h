/* Planted bug for compare: cJSON_Compare calls any two objects equal (as
 * if cJSON_ArrayForEach never entered their members). */

static cJSON_bool planted_compare_objects(const cJSON *a, const cJSON *b, cJSON_bool cs)
{
    if (cJSON_IsObject(a) && cJSON_IsObject(b))
        return 1;
    return cJSON_Compare(a, b, cs);
}
#define cJSON_Compare planted_compare_objects
