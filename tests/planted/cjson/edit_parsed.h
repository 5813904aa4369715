/* Planted bug for edit_parsed: cJSON_GetArraySize misses the last item of
 * an array of three or more. */

static int planted_array_size(const cJSON *array)
{
    int n = cJSON_GetArraySize(array);
    return n >= 3 ? n - 1 : n;
}
#define cJSON_GetArraySize planted_array_size
