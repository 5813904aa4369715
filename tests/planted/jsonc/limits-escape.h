/* Planted bug for limits: a \u escape's digit that is no hex digit reads
 * as 0 instead of being refused (is_hex_char accepting every character).
 * Every valid text reads as before. */

static char planted_text[1 << 16];

static struct json_object *planted_parse_ex(struct json_tokener *tok,
                                            const char *str, int len)
{
    if (len < 0 || (size_t)len >= sizeof planted_text)
        return json_tokener_parse_ex(tok, str, len);
    memcpy(planted_text, str, (size_t)len);
    for (int i = 0; i + 5 < len; i++) {
        if (planted_text[i] != '\\')
            continue;
        if (planted_text[i + 1] == 'u')
            for (int k = 2; k < 6; k++)
                if (!strchr("0123456789abcdefABCDEF", planted_text[i + k]) ||
                    !planted_text[i + k])
                    planted_text[i + k] = '0';
        i++;
    }
    return json_tokener_parse_ex(tok, planted_text, len);
}
#define json_tokener_parse_ex planted_parse_ex
