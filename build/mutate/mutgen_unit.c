/* One translation unit: parsed with the command line that compiles it,
 * then the sites of its functions and of the macros those functions
 * expand (directly, or through another such macro). */
#define _DEFAULT_SOURCE /* realpath */

#include "mutgen_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct place {
    CXFile file;
    unsigned start, end;
} place;

typedef struct macro_def {
    CXCursor cursor;
    uint64_t name;
    place at;
    bool used, scanned;
} macro_def;

typedef struct unit {
    mg_walk *w;
    place *bodies;
    size_t n_bodies, cap_bodies;
    macro_def *defs;
    size_t n_defs, cap_defs;
    place *uses; /* .file/.start: where; .end: index of the definition */
    size_t n_uses, cap_uses;
} unit;

static bool grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return true;
    size_t c = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, c * size);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static uint64_t name_hash(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    const char *n = clang_getCString(s);
    uint64_t h = mg_hash(MG_HASH_START, n, strlen(n));
    clang_disposeString(s);
    return h;
}

static place place_of(CXCursor c)
{
    place p = {0};
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned line, col;
    clang_getFileLocation(clang_getRangeStart(r), &p.file, &line, &col, &p.start);
    CXFile end_file;
    clang_getFileLocation(clang_getRangeEnd(r), &end_file, &line, &col, &p.end);
    return p;
}

static long def_at(const unit *u, CXCursor def)
{
    place p = place_of(def);
    for (size_t i = 0; i < u->n_defs; i++)
        if (u->defs[i].at.start == p.start && clang_File_isEqual(u->defs[i].at.file, p.file))
            return (long)i;
    return -1;
}

static bool in_mutable_file(unit *u, CXCursor c)
{
    mg_file *f = mg_file_of(u->w, clang_getCursorLocation(c), NULL);
    return f && f->mutable_;
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    unit *u = d;
    mg_walk *w = u->w;
    switch (clang_getCursorKind(c)) {
    case CXCursor_TypedefDecl:
        if (w->n_type_names < MG_MAX_NAMES)
            w->type_names[w->n_type_names++] = name_hash(c);
        break;
    case CXCursor_FunctionDecl:
        if (clang_isCursorDefinition(c) && in_mutable_file(u, c) &&
            grow((void **)&u->bodies, &u->cap_bodies, u->n_bodies, sizeof *u->bodies)) {
            u->bodies[u->n_bodies++] = place_of(c);
            mg_function_sites(w, c);
        }
        break;
    case CXCursor_MacroDefinition:
        if (in_mutable_file(u, c) &&
            grow((void **)&u->defs, &u->cap_defs, u->n_defs, sizeof *u->defs))
            u->defs[u->n_defs++] = (macro_def){c, name_hash(c), place_of(c), false, false};
        break;
    case CXCursor_MacroExpansion: {
        long i = def_at(u, clang_getCursorReferenced(c));
        if (i >= 0 && grow((void **)&u->uses, &u->cap_uses, u->n_uses, sizeof *u->uses)) {
            place p = place_of(c);
            p.end = (unsigned)i;
            u->uses[u->n_uses++] = p;
        }
        break;
    }
    default:
        break;
    }
    return CXChildVisit_Continue;
}

static void mark_name(unit *u, const char *name)
{
    uint64_t h = mg_hash(MG_HASH_START, name, strlen(name));
    for (size_t i = 0; i < u->n_defs; i++)
        if (u->defs[i].name == h)
            u->defs[i].used = true;
}

/* Used macros: expanded inside a function body, or named in the body of a
 * used macro (libclang lists only the outermost expansion). */
static void mark_used(unit *u)
{
    for (size_t i = 0; i < u->n_uses; i++)
        for (size_t b = 0; b < u->n_bodies; b++)
            if (clang_File_isEqual(u->uses[i].file, u->bodies[b].file) &&
                u->uses[i].start >= u->bodies[b].start && u->uses[i].start < u->bodies[b].end)
                u->defs[u->uses[i].end].used = true;
    for (bool more = true; more;) {
        more = false;
        for (size_t i = 0; i < u->n_defs; i++) {
            if (!u->defs[i].used || u->defs[i].scanned)
                continue;
            u->defs[i].scanned = more = true;
            CXToken *toks;
            unsigned n;
            clang_tokenize(u->w->tu, clang_getCursorExtent(u->defs[i].cursor), &toks, &n);
            for (unsigned k = 1; k < n; k++) {
                if (clang_getTokenKind(toks[k]) != CXToken_Identifier)
                    continue;
                CXString s = clang_getTokenSpelling(u->w->tu, toks[k]);
                mark_name(u, clang_getCString(s));
                clang_disposeString(s);
            }
            clang_disposeTokens(u->w->tu, toks, n);
        }
    }
}

/* Parses a compile command (without the compiler): -c and -o are dropped. */
static CXTranslationUnit parse(CXIndex index, int argc, const char *const *argv,
                               unsigned options)
{
    const char **args = calloc((size_t)argc + 1, sizeof *args);
    int n = 0;
    for (int i = 0; args && i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0)
            continue;
        if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "-MF") == 0) {
            i++;
            continue;
        }
        args[n++] = argv[i];
    }
    CXTranslationUnit tu = NULL;
    if (args && clang_parseTranslationUnit2(index, NULL, args, n, NULL, 0, options, &tu) !=
                    CXError_Success)
        tu = NULL;
    free(args);
    for (unsigned i = 0; tu && i < clang_getNumDiagnostics(tu); i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
            fprintf(stderr, "pf-mutgen: %s\n", clang_getCString(s));
            clang_disposeString(s);
            clang_disposeDiagnostic(d);
            clang_disposeTranslationUnit(tu);
            return NULL;
        }
        clang_disposeDiagnostic(d);
    }
    return tu;
}

int mg_sites(int argc, const char *const *argv, const mg_root *roots, size_t n_roots)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = parse(index, argc, argv, CXTranslationUnit_DetailedPreprocessingRecord);
    mg_walk *w = calloc(1, sizeof *w);
    unit u = {.w = w};
    int rc = -1;
    if (tu && w) {
        w->tu = tu;
        w->roots = roots;
        w->n_roots = n_roots;
        clang_visitChildren(clang_getTranslationUnitCursor(tu), top_visit, &u);
        mark_used(&u);
        for (size_t i = 0; i < u.n_defs; i++)
            if (u.defs[i].used)
                mg_macro_sites(w, u.defs[i].cursor);
        rc = 0;
    }
    free(u.bodies);
    free(u.defs);
    free(u.uses);
    free(w);
    if (tu)
        clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    return rc;
}

static void print_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
                            CXClientData d)
{
    (void)stack;
    (void)depth;
    (void)d;
    CXString name = clang_getFileName(file);
    char real[PATH_MAX];
    printf("%s\n", realpath(clang_getCString(name), real) ? real : clang_getCString(name));
    clang_disposeString(name);
}

int mg_deps(int argc, const char *const *argv)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = parse(index, argc, argv, CXTranslationUnit_None);
    if (tu) {
        clang_getInclusions(tu, print_inclusion, NULL);
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    return tu ? 0 : -1;
}
