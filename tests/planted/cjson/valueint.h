/* Planted bug for valueint: cJSON_CreateNumber leaves a number above 1000
 * with valueint 1000 (as if it saturated at the wrong bound). */

static cJSON *planted_create_number(double num)
{
    cJSON *c = cJSON_CreateNumber(num);
    if (c && num > 1000 && num < INT_MAX)
        c->valueint = 1000;
    return c;
}
#define cJSON_CreateNumber planted_create_number
