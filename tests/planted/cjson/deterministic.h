/* Planted bug for deterministic: every other call of the compact printer
 * appends a newline (whitespace: the text still parses to the same value,
 * so a round trip passes). */

static char *planted_print(const cJSON *c)
{
    static unsigned calls;
    char *text = cJSON_PrintUnformatted(c);
    if (!text || !(calls++ & 1))
        return text;
    size_t n = strlen(text);
    char *longer = cJSON_malloc(n + 2);
    if (longer) {
        memcpy(longer, text, n);
        memcpy(longer + n, "\n", 2);
    }
    cJSON_free(text);
    return longer;
}
#define cJSON_PrintUnformatted planted_print
