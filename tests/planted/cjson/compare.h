/* Planted bug for compare: cJSON_Compare calls two equal empty strings
 * different. */

static cJSON_bool planted_compare(const cJSON *a, const cJSON *b, cJSON_bool cs)
{
    if (cJSON_IsString(a) && a->valuestring && !a->valuestring[0])
        return 0;
    return cJSON_Compare(a, b, cs);
}
#define cJSON_Compare planted_compare
