/* Writing sites: which files are the library's, a site's stable id, and
 * its line of the sites list (see mg_emit for the columns). */
#define _DEFAULT_SOURCE /* realpath */

#include "mutgen_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The root a real path is under (the longest match), or -1. */
static int root_of(const mg_walk *w, const char *real)
{
    int best = -1;
    size_t best_len = 0;
    for (size_t i = 0; i < w->n_roots; i++) {
        size_t n = strlen(w->roots[i].dir);
        if (n > best_len && strncmp(real, w->roots[i].dir, n) == 0 && real[n] == '/') {
            best = (int)i;
            best_len = n;
        }
    }
    return best;
}

mg_file *mg_file_of(mg_walk *w, CXSourceLocation loc, unsigned *offset)
{
    CXFile file;
    unsigned line, col, off;
    clang_getFileLocation(loc, &file, &line, &col, &off);
    if (!file)
        return NULL;
    if (offset)
        *offset = off;
    for (size_t i = 0; i < w->n_files; i++)
        if (clang_File_isEqual(w->files[i].file, file))
            return &w->files[i];
    if (w->n_files == MG_MAX_FILES)
        return NULL;
    mg_file *f = &w->files[w->n_files++];
    memset(f, 0, sizeof *f);
    f->file = file;
    CXString name = clang_getFileName(file);
    if (!realpath(clang_getCString(name), f->real))
        snprintf(f->real, sizeof f->real, "%s", clang_getCString(name));
    clang_disposeString(name);
    int r = root_of(w, f->real);
    if (r >= 0) {
        f->mutable_ = true;
        snprintf(f->shown, sizeof f->shown, "%s%s", w->roots[r].label,
                 f->real + strlen(w->roots[r].dir));
        f->text = clang_getFileContents(w->tu, file, &f->size);
        if (!f->text)
            f->mutable_ = false;
    }
    return f;
}

long mg_offset_in(mg_walk *w, CXSourceLocation loc, const mg_file *f)
{
    unsigned off;
    mg_file *g = mg_file_of(w, loc, &off);
    return g == f ? (long)off : -1;
}

void mg_scope(mg_walk *w, const char *name)
{
    snprintf(w->scope, sizeof w->scope, "%s", name);
    w->n_keys = 0;
}

/* Text on one line: tabs and line breaks become spaces, runs of spaces
 * one space, at most cap - 1 bytes (cut with "..."). */
static void one_line(char *out, size_t cap, const char *p, size_t n)
{
    size_t o = 0;
    bool space = true; /* drops leading blanks */
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        char c = p[i];
        if (c == '\\' && i + 1 < n && p[i + 1] == '\n')
            continue; /* a macro's line continuation */
        if (c == '\t' || c == '\n' || c == '\r' || c == ' ') {
            if (!space)
                out[o++] = ' ';
            space = true;
            continue;
        }
        out[o++] = c;
        space = false;
    }
    if (o + 4 >= cap)
        memcpy(out + o, "...", 3), o += 3;
    while (o > 0 && out[o - 1] == ' ')
        o--;
    out[o] = '\0';
}

static unsigned line_of(const mg_file *f, unsigned offset, unsigned *col)
{
    unsigned line = 1, start = 0;
    for (unsigned i = 0; i < offset && i < f->size; i++)
        if (f->text[i] == '\n')
            line++, start = i + 1;
    *col = offset - start + 1;
    return line;
}

/* The k-th site of this (operator, text, replacement) in the scope. */
static unsigned occurrence(mg_walk *w, uint64_t key)
{
    for (size_t i = 0; i < w->n_keys; i++)
        if (w->keys[i] == key)
            return w->counts[i]++;
    if (w->n_keys < MG_MAX_KEYS) {
        w->keys[w->n_keys] = key;
        w->counts[w->n_keys++] = 1;
    }
    return 0;
}

/* Columns: id, file, line, col, offset, length, operator, original text,
 * replacement, function (or "macro NAME"), the site's line before and
 * after, and the file's real path (the only column that is not stable
 * across machines). */
void mg_emit(mg_walk *w, const mg_file *f, unsigned offset, unsigned length,
             const char *op_class, const char *repl)
{
    if (!f->mutable_ || offset + length > f->size)
        return;
    const char *orig = f->text + offset;
    uint64_t key = mg_hash(MG_HASH_START, op_class, strlen(op_class) + 1);
    key = mg_hash(key, orig, length);
    key = mg_hash(key, "\x1f", 1);
    key = mg_hash(key, repl, strlen(repl) + 1);
    unsigned k = occurrence(w, key);
    uint64_t id = mg_hash(mg_hash(key, f->shown, strlen(f->shown) + 1), w->scope,
                          strlen(w->scope) + 1);
    id = mg_mix(mg_hash(id, &k, sizeof k));

    size_t ls = offset, le = offset + length;
    while (ls > 0 && f->text[ls - 1] != '\n')
        ls--;
    while (le < f->size && f->text[le] != '\n')
        le++;
    char *after = malloc(le - ls + strlen(repl) + 1);
    if (!after)
        return;
    size_t n = 0;
    memcpy(after, f->text + ls, offset - ls), n += offset - ls;
    memcpy(after + n, repl, strlen(repl)), n += strlen(repl);
    memcpy(after + n, orig + length, le - offset - length), n += le - offset - length;

    static char o1[256], b1[256], a1[256];
    one_line(o1, sizeof o1, orig, length);
    one_line(b1, sizeof b1, f->text + ls, le - ls);
    one_line(a1, sizeof a1, after, n);
    free(after);
    unsigned col, line = line_of(f, offset, &col);
    printf("m%010llx\t%s\t%u\t%u\t%u\t%u\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
           (unsigned long long)(id & 0xffffffffffull), f->shown, line, col,
           offset, length, op_class, o1, repl, w->scope, b1, a1, f->real);
}

bool mg_is_type_name(const mg_walk *w, const char *name)
{
    uint64_t h = mg_hash(MG_HASH_START, name, strlen(name));
    for (size_t i = 0; i < w->n_type_names; i++)
        if (w->type_names[i] == h)
            return true;
    return false;
}
