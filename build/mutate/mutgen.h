/* pf-mutgen — the mutation generator of `make mutate-<target>`.
 *
 * It reads a library's C source through libclang (a real C front end, so
 * operators, literals and statements are found in the AST, never by regular
 * expressions) and writes one line per mutation site; it also applies one
 * mutation to a file and draws the reproducible sample of a campaign.
 * The driver is build/mutate/run.sh.
 */
#ifndef PF_MUTGEN_H
#define PF_MUTGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A directory whose files are the library's own source; a file under it is
 * shown as <label>/<path below dir>. */
typedef struct mg_root {
    char dir[4096];
    const char *label;
} mg_root;

/* FNV-1a over n bytes, continuing from h (start with MG_HASH_START). */
#define MG_HASH_START 14695981039346656037ull
uint64_t mg_hash(uint64_t h, const void *data, size_t n);
/* A final mix, so that keys that differ little spread over all 64 bits. */
uint64_t mg_mix(uint64_t h);

/* The replacement of a binary or compound-assignment operator token and its
 * operator class ("aor", "sor", "ror", "lcr", "bor"); NULL when the token is
 * not one that is mutated. */
const char *mg_binary_swap(const char *tok, const char **op_class);

/* The mutants of an integer literal token (0 -> 1; 1 -> 0, 2; c -> c+1,
 * c-1), written in the literal's own base and with its suffix kept.
 * down_only keeps only the smaller values: for the size in an array
 * declaration, where a larger array is an equivalent mutant by
 * construction. Returns how many were written to out (at most 2). */
int mg_literal_mutants(const char *tok, bool down_only, char out[2][64]);

/* Writes the mutation sites of one translation unit: args is the compiler
 * command line without the compiler (it names the source file). Only sites
 * inside function bodies of files under one of the roots are written.
 * Returns 0, or -1 when the unit does not parse. */
int mg_sites(int argc, const char *const *argv, const mg_root *roots,
             size_t n_roots);

/* Writes the files the unit reads (itself and every header), one real path
 * a line. Returns 0, or -1 when the unit does not parse. */
int mg_deps(int argc, const char *const *argv);

/* Writes every entry of build_dir/compile_commands.json: the source file's
 * absolute path, a tab, then the directory and the arguments, compiler
 * first, each shell-quoted. Returns 0, or 2 when the database cannot be
 * read. */
int mg_compdb(const char *build_dir);

#endif
