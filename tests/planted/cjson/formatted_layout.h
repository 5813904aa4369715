/* Planted bug for formatted_layout: the formatted printer writes a space
 * where cJSON writes the tab after a key's colon. Whitespace only: every
 * text still parses to the same value. */

static char *planted_print(const cJSON *c)
{
    char *text = cJSON_Print(c);
    for (char *p = text; p && (p = strstr(p, ":\t")) != NULL; p++)
        p[1] = ' ';
    return text;
}
#define cJSON_Print planted_print
