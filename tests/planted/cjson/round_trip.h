/* Planted bug for round_trip: the parser loses the sign of -0.0 (every
 * number that is -0 reads as +0). */

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
#define cJSON_ParseWithLengthOpts planted_parse
