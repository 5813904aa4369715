/* Planted bug for error_report: a file name too long for the error's
 * source field keeps its start, not its end after "...". */
static inline json_t *planted_load_file(const char *path, size_t flags, json_error_t *e)
{
    json_t *j = json_load_file(path, flags, e);
    if (!j && e && strlen(path) >= JSON_ERROR_SOURCE_LENGTH) {
        memcpy(e->source, path, JSON_ERROR_SOURCE_LENGTH - 1);
        e->source[JSON_ERROR_SOURCE_LENGTH - 1] = '\0';
    }
    return j;
}
#define json_load_file planted_load_file
