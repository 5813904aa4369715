/* The dictionary the engine was given, for string edits: libFuzzer does
 * not hand its dictionary to a custom mutator, so the file is read again
 * from PF_DICT or from the -dict= argument of the command line (Linux's
 * /proc/self/cmdline). Format: libFuzzer's and AFL's, one `"token"` (or
 * `name="token"`) a line, with \\, \" and \xNN escapes; # comments. */
#include "mutator_internal.h"

#include <stdio.h>
#include <stdlib.h>

enum { MAX_TOKENS = 1024, MAX_TOKEN = 128 };

typedef struct token {
    uint8_t bytes[MAX_TOKEN];
    size_t len;
} token;

static token *g_tokens;
static size_t g_n_tokens;
static bool g_loaded;

static int hex(int c)
{
    return c >= '0' && c <= '9' ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* One line's token, if it has one. */
static bool parse_line(const char *line, token *t)
{
    const char *q = strchr(line, '"');
    if (!q || line[strspn(line, " \t")] == '#')
        return false;
    t->len = 0;
    for (const char *p = q + 1; *p && *p != '"'; p++) {
        int c = (unsigned char)*p;
        if (c == '\\' && p[1] == 'x' && hex(p[2]) >= 0 && hex(p[3]) >= 0) {
            c = hex(p[2]) * 16 + hex(p[3]);
            p += 3;
        } else if (c == '\\' && p[1]) {
            c = (unsigned char)*++p;
        }
        if (t->len == MAX_TOKEN)
            return false;
        t->bytes[t->len++] = (uint8_t)c;
    }
    return t->len > 0;
}

static void load_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[1024];
    while (g_n_tokens < MAX_TOKENS && fgets(line, sizeof line, f))
        if (parse_line(line, &g_tokens[g_n_tokens]))
            g_n_tokens++;
    fclose(f);
}

/* The -dict= argument of this process, into path. */
static bool dict_argument(char *path, size_t cap)
{
    FILE *f = fopen("/proc/self/cmdline", "r");
    if (!f)
        return false;
    char arg[4096];
    size_t n = 0;
    bool found = false;
    int c;
    while (!found && (c = fgetc(f)) != EOF) {
        if (c != 0) {
            if (n + 1 < sizeof arg)
                arg[n++] = (char)c;
            continue;
        }
        arg[n] = 0;
        n = 0;
        if (strncmp(arg, "-dict=", 6) == 0) {
            snprintf(path, cap, "%s", arg + 6);
            found = true;
        }
    }
    fclose(f);
    return found;
}

static void load(void)
{
    g_loaded = true;
    g_tokens = calloc(MAX_TOKENS, sizeof *g_tokens);
    if (!g_tokens)
        return;
    char path[4096];
    const char *env = getenv("PF_DICT");
    if (env && *env)
        load_file(env);
    else if (dict_argument(path, sizeof path))
        load_file(path);
}

const uint8_t *pf__dict_pick(pf__rng *r, size_t *len)
{
    if (!g_loaded)
        load();
    if (g_n_tokens == 0)
        return NULL;
    const token *t = &g_tokens[pf__rng_below(r, g_n_tokens)];
    *len = t->len;
    return t->bytes;
}
