/* Shared by the parts of pf-mutgen that walk one translation unit. */
#ifndef PF_MUTGEN_INTERNAL_H
#define PF_MUTGEN_INTERNAL_H

#include "mutgen.h"

#include <clang-c/Index.h>
#include <stdbool.h>

enum { MG_MAX_FILES = 512, MG_MAX_KEYS = 8192, MG_MAX_NAMES = 16384 };

/* A file the unit reads, with what a site in it needs. */
typedef struct mg_file {
    CXFile file;
    bool mutable_;       /* under one of the roots */
    char real[4096];
    char shown[4096];
    const char *text;    /* contents, owned by libclang */
    size_t size;
} mg_file;

typedef struct mg_walk {
    CXTranslationUnit tu;
    const mg_root *roots;
    size_t n_roots;
    mg_file files[MG_MAX_FILES];
    size_t n_files;
    /* Where sites are counted for their ids: the function or macro being
     * walked, and how often each (operator, text, replacement) was seen in
     * it, so the k-th such site has a stable id whatever else changes. */
    char scope[256];
    bool int_result;     /* the function returns an integer type */
    uint64_t keys[MG_MAX_KEYS];
    unsigned counts[MG_MAX_KEYS];
    size_t n_keys;
    /* Names that are types (typedefs) and names of macros, for reading
     * macro bodies, which have no AST until they are expanded. */
    uint64_t type_names[MG_MAX_NAMES];
    size_t n_type_names;
} mg_walk;

/* The file of a location, or NULL when it has none (built-ins). */
mg_file *mg_file_of(mg_walk *w, CXSourceLocation loc, unsigned *offset);
/* A location's file offset, or -1 when it is not in that file. */
long mg_offset_in(mg_walk *w, CXSourceLocation loc, const mg_file *f);

/* Starts counting sites for a new function or macro. */
void mg_scope(mg_walk *w, const char *name);
/* Writes one site: replace [offset, offset + length) of f by repl. */
void mg_emit(mg_walk *w, const mg_file *f, unsigned offset, unsigned length,
             const char *op_class, const char *repl);

bool mg_is_type_name(const mg_walk *w, const char *name);

/* The sites of the function bodies and of the macro bodies of a unit. */
void mg_function_sites(mg_walk *w, CXCursor fn);
void mg_macro_sites(mg_walk *w, CXCursor def);

#endif
