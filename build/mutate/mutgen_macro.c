/* Sites in macro bodies. msgpack-c packs through macros (pack_template.h:
 * msgpack_pack_real_uint8 and the others hold every comparison and every
 * byte it writes), and a macro body has no AST of its own: libclang shows
 * an expanded operator at the place of expansion, never at its spelling in
 * the #define. So a body is read as the C lexer's tokens (clang_tokenize,
 * not text matching), and the tokens whose role the tokens alone can tell
 * are mutated:
 *   - operators that are binary wherever they appear (<, <=, ==, <<, &&,
 *     |, /, +=, ...), and + - * & when the token before them ends an
 *     operand (a literal, a name that is not a type, ']' or a ')' that
 *     does not close a cast);
 *   - '!' (dropped) and integer literals;
 *   - whole statements that are a call or an assignment (replaced by
 *     (void)0, the ';' kept).
 * Tokens beside # or ## are left alone; the size in an array declaration
 * is only made smaller (as in function bodies). A misread token yields a mutant
 * that does not compile, which the driver counts as stillborn. */
#include "mutgen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mtok {
    char s[64];
    CXTokenKind kind;
    unsigned off;
} mtok;

static bool is(const mtok *t, const char *s)
{
    return strcmp(t->s, s) == 0;
}

static const char *const type_keywords[] = {
    "char", "short", "int", "long", "unsigned", "signed", "float", "double",
    "void", "_Bool", "const", "volatile", "struct", "union", "enum", NULL,
};

static bool is_type_token(const mg_walk *w, const mtok *t)
{
    if (t->kind == CXToken_Keyword) {
        for (size_t i = 0; type_keywords[i]; i++)
            if (is(t, type_keywords[i]))
                return true;
        return false;
    }
    return t->kind == CXToken_Identifier && mg_is_type_name(w, t->s);
}

/* The index of the '(' matching the ')' at i, or -1. */
static long open_of(const mtok *t, long i, long first)
{
    int depth = 0;
    for (long j = i; j >= first; j--) {
        if (is(&t[j], ")"))
            depth++;
        else if (is(&t[j], "(") && --depth == 0)
            return j;
    }
    return -1;
}

/* Whether the token before i ends an operand, so that + - * & at i is a
 * binary operator. */
static bool after_operand(const mg_walk *w, const mtok *t, long i, long first)
{
    if (i == first)
        return false;
    const mtok *p = &t[i - 1];
    if (p->kind == CXToken_Literal || is(p, "]"))
        return true;
    if (p->kind == CXToken_Identifier)
        return !mg_is_type_name(w, p->s) &&
               !(i - 2 >= first && (is(&t[i - 2], "struct") || is(&t[i - 2], "union") ||
                                    is(&t[i - 2], "enum")));
    if (!is(p, ")"))
        return false;
    long open = open_of(t, i - 1, first);
    if (open < 0)
        return false;
    if (open > first && (t[open - 1].kind == CXToken_Identifier || is(&t[open - 1], "sizeof")))
        return true; /* a call or sizeof(...) */
    return !(open + 1 < i - 1 && is_type_token(w, &t[open + 1])); /* not a cast */
}

static bool beside_paste(const mtok *t, long i, long first, long n)
{
    return (i > first && (is(&t[i - 1], "#") || is(&t[i - 1], "##"))) ||
           (i + 1 < n && (is(&t[i + 1], "#") || is(&t[i + 1], "##")));
}

static void token_sites(mg_walk *w, const mg_file *f, const mtok *t, long first, long n)
{
    for (long i = first; i < n; i++) {
        if (beside_paste(t, i, first, n))
            continue;
        const char *op_class, *to;
        if (t[i].kind == CXToken_Punctuation && is(&t[i], "!")) {
            mg_emit(w, f, t[i].off, 1, "lnot", "");
        } else if (t[i].kind == CXToken_Punctuation &&
                   (to = mg_binary_swap(t[i].s, &op_class)) != NULL) {
            bool ambiguous = strlen(t[i].s) == 1 && strchr("+-*&", t[i].s[0]);
            if (!ambiguous || after_operand(w, t, i, first))
                mg_emit(w, f, t[i].off, (unsigned)strlen(t[i].s), op_class, to);
        } else if (t[i].kind == CXToken_Literal) {
            char repl[2][64];
            bool array_size = i >= first + 3 && i + 1 < n && is(&t[i - 1], "[") &&
                              is(&t[i + 1], "]") && t[i - 2].kind == CXToken_Identifier &&
                              (is_type_token(w, &t[i - 3]) || is(&t[i - 3], "*"));
            int k = mg_literal_mutants(t[i].s, array_size, repl);
            for (int j = 0; j < k; j++)
                mg_emit(w, f, t[i].off, (unsigned)strlen(t[i].s), "cst", repl[j]);
        }
    }
}

static bool is_assign_op(const mtok *t)
{
    static const char *const ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=",
                                      "|=", "^=", "<<=", ">>=", NULL};
    for (size_t i = 0; ops[i]; i++)
        if (is(t, ops[i]))
            return true;
    return false;
}

/* A statement from s up to the ';' at depth 0: a call `f(...)` or an
 * assignment. Returns the index of the ';', or -1. */
static long simple_statement(const mg_walk *w, const mtok *t, long s, long n)
{
    if (t[s].kind != CXToken_Identifier || mg_is_type_name(w, t[s].s))
        return -1;
    int depth = 0;
    bool assign = false;
    long close_of_call = -1;
    for (long j = s; j < n; j++) {
        if (is(&t[j], "{") || is(&t[j], "}"))
            return -1;
        if (is(&t[j], "(") || is(&t[j], "["))
            depth++;
        else if (is(&t[j], ")") || is(&t[j], "]")) {
            if (--depth == 0 && j > s + 1 && is(&t[s + 1], "(") && close_of_call < 0)
                close_of_call = j;
        } else if (depth == 0 && is_assign_op(&t[j]))
            assign = true;
        else if (depth == 0 && is(&t[j], ";"))
            return assign || close_of_call == j - 1 ? j : -1;
    }
    return -1;
}

static void statement_sites(mg_walk *w, const mg_file *f, const mtok *t, long first, long n)
{
    for (long s = first; s < n; s++) {
        bool starts = s == first || is(&t[s - 1], "{") || is(&t[s - 1], "}") ||
                      is(&t[s - 1], ";") || is(&t[s - 1], "else") || is(&t[s - 1], "do");
        long end = starts ? simple_statement(w, t, s, n) : -1;
        if (end > s)
            mg_emit(w, f, t[s].off, t[end - 1].off + (unsigned)strlen(t[end - 1].s) - t[s].off,
                    "sdl", "(void)0");
    }
}

void mg_macro_sites(mg_walk *w, CXCursor def)
{
    unsigned off;
    mg_file *f = mg_file_of(w, clang_getCursorLocation(def), &off);
    if (!f || !f->mutable_)
        return;
    CXToken *toks;
    unsigned n;
    clang_tokenize(w->tu, clang_getCursorExtent(def), &toks, &n);
    mtok *t = calloc(n ? n : 1, sizeof *t);
    for (unsigned i = 0; t && i < n; i++) {
        CXString s = clang_getTokenSpelling(w->tu, toks[i]);
        snprintf(t[i].s, sizeof t[i].s, "%s", clang_getCString(s));
        clang_disposeString(s);
        t[i].kind = clang_getTokenKind(toks[i]);
        mg_file_of(w, clang_getTokenLocation(w->tu, toks[i]), &t[i].off);
    }
    clang_disposeTokens(w->tu, toks, n);
    long first = 1; /* after the macro's name */
    if (t && clang_Cursor_isMacroFunctionLike(def)) {
        while (first < (long)n && !is(&t[first], ")"))
            first++;
        first++;
    }
    if (t && first < (long)n) {
        char scope[256];
        snprintf(scope, sizeof scope, "macro %s", t[0].s);
        mg_scope(w, scope);
        token_sites(w, f, t, first, (long)n);
        statement_sites(w, f, t, first, (long)n);
    }
    free(t);
}
