/* pf-mutgen: the command line.
 *
 *   pf-mutgen sites [--root DIR=LABEL]... -- <compile command without the compiler>
 *       one line per mutation site of that unit (columns: see mg_emit)
 *   pf-mutgen deps -- <compile command without the compiler>
 *       the files the unit reads, one real path a line
 *   pf-mutgen apply <sites file> <id> <output file>
 *       writes the site's file with that one mutation applied
 *   pf-mutgen compdb <build dir>
 *       the entries of <build dir>/compile_commands.json, one a line:
 *       file<TAB>directory and arguments, shell-quoted
 *   pf-mutgen sample <seed> <n>
 *       reads ids (one a line) and prints the n whose hash with the seed is
 *       smallest, in input order: the same seed draws the same sample, and
 *       a site added or removed changes the sample by at most that site
 */
#define _DEFAULT_SOURCE /* realpath */

#include "mutgen.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: pf-mutgen sites [--root DIR=LABEL]... -- ARGS | deps -- ARGS"
                    " | apply SITES ID OUT | compdb DIR | sample SEED N\n");
    return 2;
}

static int cmd_sites(int argc, char **argv)
{
    static mg_root roots[64];
    size_t n = 0;
    int i = 0;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        char *eq = i + 1 < argc && strcmp(argv[i], "--root") == 0 ? strchr(argv[++i], '=') : NULL;
        if (!eq || n == 64)
            return usage();
        *eq = '\0';
        if (!realpath(argv[i], roots[n].dir)) {
            fprintf(stderr, "pf-mutgen: no such directory: %s\n", argv[i]);
            return 2;
        }
        roots[n++].label = eq + 1;
    }
    if (i >= argc)
        return usage();
    return mg_sites(argc - i - 1, (const char *const *)argv + i + 1, roots, n) == 0 ? 0 : 1;
}

/* Splits a sites line in place into its tab-separated columns. */
static int split(char *line, char **col, int max)
{
    int n = 0;
    line[strcspn(line, "\n")] = '\0';
    for (char *p = line; n < max; p++) {
        col[n++] = p;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = '\0';
    }
    return n;
}

static int apply_site(char **col, const char *out_path)
{
    unsigned long off = strtoul(col[4], NULL, 10), len = strtoul(col[5], NULL, 10);
    FILE *in = fopen(col[12], "rb"), *out = NULL;
    int rc = 1;
    char *text = NULL;
    long size;
    if (!in || fseek(in, 0, SEEK_END) != 0 || (size = ftell(in)) < 0 ||
        (unsigned long)size < off + len || fseek(in, 0, SEEK_SET) != 0)
        goto done;
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, in) != (size_t)size)
        goto done;
    out = fopen(out_path, "wb");
    if (!out)
        goto done;
    fwrite(text, 1, off, out);
    fputs(col[8], out);
    fwrite(text + off + len, 1, (size_t)size - off - len, out);
    rc = fclose(out) == 0 ? 0 : 1;
    out = NULL;
done:
    if (rc)
        fprintf(stderr, "pf-mutgen: cannot apply %s to %s\n", col[0], col[12]);
    free(text);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    return rc;
}

static int cmd_apply(int argc, char **argv)
{
    if (argc != 3)
        return usage();
    FILE *f = fopen(argv[0], "r");
    if (!f) {
        fprintf(stderr, "pf-mutgen: no such sites file: %s\n", argv[0]);
        return 2;
    }
    static char line[1 << 16];
    char *col[13];
    while (fgets(line, sizeof line, f)) {
        if (split(line, col, 13) == 13 && strcmp(col[0], argv[1]) == 0) {
            fclose(f);
            return apply_site(col, argv[2]);
        }
    }
    fclose(f);
    fprintf(stderr, "pf-mutgen: no mutant %s in %s\n", argv[1], argv[0]);
    return 2;
}

typedef struct keyed {
    uint64_t key;
    size_t at;
    char id[64];
} keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->at > y->at) - (x->at < y->at);
}

static int by_position(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return (x->at > y->at) - (x->at < y->at);
}

static int cmd_sample(int argc, char **argv)
{
    if (argc != 2)
        return usage();
    char *end;
    unsigned long long seed = strtoull(argv[0], &end, 10);
    unsigned long want = strtoul(argv[1], NULL, 10);
    if (*end)
        return usage();
    keyed *k = NULL;
    size_t n = 0, cap = 0;
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0])
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            keyed *q = realloc(k, cap * sizeof *k);
            if (!q)
                return 1;
            k = q;
        }
        snprintf(k[n].id, sizeof k[n].id, "%s", line);
        k[n].key = mg_mix(mg_hash(mg_hash(MG_HASH_START, &seed, sizeof seed), line, strlen(line)));
        k[n].at = n;
        n++;
    }
    qsort(k, n, sizeof *k, by_key);
    size_t take = want < n ? want : n;
    qsort(k, take, sizeof *k, by_position);
    for (size_t i = 0; i < take; i++)
        printf("%s\n", k[i].id);
    free(k);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "sites") == 0)
        return cmd_sites(argc - 2, argv + 2);
    if (strcmp(argv[1], "deps") == 0 && argc > 2 && strcmp(argv[2], "--") == 0)
        return mg_deps(argc - 3, (const char *const *)argv + 3) == 0 ? 0 : 1;
    if (strcmp(argv[1], "apply") == 0)
        return cmd_apply(argc - 2, argv + 2);
    if (strcmp(argv[1], "compdb") == 0 && argc == 3)
        return mg_compdb(argv[2]);
    if (strcmp(argv[1], "sample") == 0)
        return cmd_sample(argc - 2, argv + 2);
    return usage();
}
