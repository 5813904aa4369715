/* Planted bug for error_ptr: an error found at the text's end (its NUL)
 * is reported one byte past it. */

static const char *planted_error_ptr(void)
{
    const char *p = cJSON_GetErrorPtr();
    return p && !*p ? p + 1 : p;
}
#define cJSON_GetErrorPtr planted_error_ptr
