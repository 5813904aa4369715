/* Input files for the drivers: a whole file read into memory, and the
 * inputs under a path — a file, or a directory walked recursively in name
 * order, sidecars (*.expect, *.report.txt, *.min.report.txt), dotfiles
 * and README files left out. */
#define _POSIX_C_SOURCE 200809L

#include "pf_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint8_t *pf__read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool pf__is_sidecar(const char *name)
{
    return name[0] == '.' || ends_with(name, ".expect") ||
           ends_with(name, ".report.txt") || strncmp(name, "README", 6) == 0;
}

static int push(pf__inputs *in, const char *path)
{
    if (in->n == in->cap) {
        size_t cap = in->cap ? 2 * in->cap : 64;
        char **bigger = realloc(in->paths, cap * sizeof *bigger);
        if (!bigger)
            return -1;
        in->paths = bigger;
        in->cap = cap;
    }
    in->paths[in->n] = strdup(path);
    if (!in->paths[in->n])
        return -1;
    in->n++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int pf__collect_inputs(const char *path, pf__inputs *in)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode))
        return push(in, path);
    DIR *d = opendir(path);
    if (!d)
        return -1;
    pf__inputs here = {0};
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (pf__is_sidecar(e->d_name))
            continue;
        char *child = malloc(strlen(path) + strlen(e->d_name) + 2);
        if (!child) {
            rc = -1;
            break;
        }
        sprintf(child, "%s/%s", path, e->d_name);
        rc = push(&here, child);
        free(child);
    }
    closedir(d);
    if (here.n)
        qsort(here.paths, here.n, sizeof *here.paths, by_name);
    for (size_t i = 0; rc == 0 && i < here.n; i++)
        rc = pf__collect_inputs(here.paths[i], in);
    pf__inputs_free(&here);
    return rc;
}

void pf__inputs_free(pf__inputs *in)
{
    for (size_t i = 0; i < in->n; i++)
        free(in->paths[i]);
    free(in->paths);
    *in = (pf__inputs){0};
}
