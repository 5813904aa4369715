/* Planted bug for same_value: cJSON reads every -0 as +0 (it accepts the
 * same texts; only the value differs). */
#define PF_PLANT_ONLY "same_value"

static void planted_unsign(cJSON *c)
{
    for (; c; c = c->next) {
        if (cJSON_IsNumber(c) && c->valuedouble == 0)
            c->valuedouble = 0.0;
        planted_unsign(c->child);
    }
}

static cJSON *planted_parse(const char *value, size_t len, const char **end,
                            cJSON_bool require_null_terminated)
{
    cJSON *c = cJSON_ParseWithLengthOpts(value, len, end, require_null_terminated);
    if (c)
        planted_unsign(c);
    return c;
}
#define DIFF_CJSON_PARSE planted_parse
