/* Sites in function bodies, found in the AST: each token of the body is
 * annotated with the cursor it belongs to, so an operator token is
 * mutated only when the AST says it is that binary (or unary) operator,
 * and a literal only when it is an integer literal written right there
 * (not one that came out of a macro: macro bodies are mutated where they
 * are defined, see mutgen_macro.c). */
#include "mutgen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct children {
    CXCursor c[3];
    unsigned n;
} children;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    children *ch = d;
    if (ch->n < 3)
        ch->c[ch->n] = c;
    ch->n++;
    return CXChildVisit_Continue;
}

static children children_of(CXCursor c)
{
    children ch = {.n = 0};
    clang_visitChildren(c, collect, &ch);
    return ch;
}

static bool is_pointer(CXCursor c)
{
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
    return k == CXType_Pointer || k == CXType_ConstantArray ||
           k == CXType_IncompleteArray || k == CXType_VariableArray;
}

static bool is_integer(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

/* An operator token between the two operands of its binary operator. */
static void binary_site(mg_walk *w, const mg_file *f, CXCursor op, const char *tok,
                        unsigned off)
{
    const char *op_class, *to = mg_binary_swap(tok, &op_class);
    children ch = children_of(op);
    if (!to || ch.n != 2)
        return;
    long lhs_end = mg_offset_in(w, clang_getRangeEnd(clang_getCursorExtent(ch.c[0])), f);
    long rhs_start = mg_offset_in(w, clang_getRangeStart(clang_getCursorExtent(ch.c[1])), f);
    if (lhs_end < 0 || rhs_start < 0 || (long)off < lhs_end ||
        (long)(off + strlen(tok)) > rhs_start)
        return;
    /* p + n -> p - n is a mutant; n + p -> n - p, p - q -> p + q do not
     * compile: not offered. */
    if (strcmp(op_class, "aor") == 0 && (tok[0] == '+' || tok[0] == '-') &&
        is_pointer(ch.c[1]))
        return;
    mg_emit(w, f, off, (unsigned)strlen(tok), op_class, to);
}

static long extent_start(mg_walk *w, CXCursor c, const mg_file *f)
{
    return mg_offset_in(w, clang_getRangeStart(clang_getCursorExtent(c)), f);
}

static long extent_end(mg_walk *w, CXCursor c, const mg_file *f)
{
    return mg_offset_in(w, clang_getRangeEnd(clang_getCursorExtent(c)), f);
}

static void token_site(mg_walk *w, CXToken tok, CXCursor cur, bool array_size)
{
    unsigned off;
    mg_file *f = mg_file_of(w, clang_getTokenLocation(w->tu, tok), &off);
    if (!f || !f->mutable_)
        return;
    CXTokenKind kind = clang_getTokenKind(tok);
    enum CXCursorKind ck = clang_getCursorKind(cur);
    CXString s = clang_getTokenSpelling(w->tu, tok);
    const char *t = clang_getCString(s);
    if (kind == CXToken_Punctuation &&
        (ck == CXCursor_BinaryOperator || ck == CXCursor_CompoundAssignOperator)) {
        binary_site(w, f, cur, t, off);
    } else if (kind == CXToken_Punctuation && ck == CXCursor_UnaryOperator &&
               strcmp(t, "!") == 0 && extent_start(w, cur, f) == (long)off) {
        mg_emit(w, f, off, 1, "lnot", "");
    } else if (kind == CXToken_Literal && ck == CXCursor_IntegerLiteral &&
               extent_start(w, cur, f) == (long)off &&
               extent_end(w, cur, f) == (long)(off + strlen(t))) {
        char repl[2][64];
        int n = mg_literal_mutants(t, array_size, repl);
        for (int i = 0; i < n; i++)
            mg_emit(w, f, off, (unsigned)strlen(t), "cst", repl[i]);
    }
    clang_disposeString(s);
}

static bool spelled(mg_walk *w, CXToken tok, const char *text)
{
    CXString s = clang_getTokenSpelling(w->tu, tok);
    bool yes = strcmp(clang_getCString(s), text) == 0;
    clang_disposeString(s);
    return yes;
}

/* Token i sizes an array in a declaration: `T name[i]`, the '[' being
 * part of the declaration, not an index. */
static bool is_array_size(mg_walk *w, const CXToken *toks, const CXCursor *cur, unsigned i)
{
    enum CXCursorKind k = clang_getCursorKind(cur[i - 1]);
    return (k == CXCursor_VarDecl || k == CXCursor_FieldDecl) &&
           spelled(w, toks[i - 1], "[") && spelled(w, toks[i + 1], "]");
}

static void token_sites(mg_walk *w, CXCursor body)
{
    CXToken *toks;
    unsigned n;
    clang_tokenize(w->tu, clang_getCursorExtent(body), &toks, &n);
    CXCursor *cur = malloc((n ? n : 1) * sizeof *cur);
    if (cur) {
        clang_annotateTokens(w->tu, toks, n, cur);
        for (unsigned i = 0; i < n; i++)
            token_site(w, toks[i], cur[i], i > 0 && i + 1 < n && is_array_size(w, toks, cur, i));
        free(cur);
    }
    clang_disposeTokens(w->tu, toks, n);
}

/* The spelling of the first token of a cursor, written into buf. */
static void first_token(mg_walk *w, CXCursor c, char *buf, size_t cap)
{
    CXToken *toks;
    unsigned n;
    buf[0] = '\0';
    clang_tokenize(w->tu, clang_getCursorExtent(c), &toks, &n);
    if (n > 0) {
        CXString s = clang_getTokenSpelling(w->tu, toks[0]);
        snprintf(buf, cap, "%s", clang_getCString(s));
        clang_disposeString(s);
    }
    clang_disposeTokens(w->tu, toks, n);
}

/* Whether an expression statement is a call or an assignment (=, op=,
 * ++, --): the statements the deletion operator removes. */
static bool is_call_or_assign(mg_walk *w, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator)
        return true;
    CXToken *toks;
    unsigned n;
    bool yes = false;
    clang_tokenize(w->tu, clang_getCursorExtent(c), &toks, &n);
    CXCursor *cur = malloc((n ? n : 1) * sizeof *cur);
    if (cur && (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator)) {
        clang_annotateTokens(w->tu, toks, n, cur);
        for (unsigned i = 0; i < n && !yes; i++) {
            CXString s = clang_getTokenSpelling(w->tu, toks[i]);
            const char *t = clang_getCString(s);
            /* Annotation makes cursors of its own: same node, same
             * kind and extent. */
            yes = clang_getCursorKind(cur[i]) == k &&
                  clang_equalRanges(clang_getCursorExtent(cur[i]), clang_getCursorExtent(c)) &&
                  (k == CXCursor_BinaryOperator ? strcmp(t, "=") == 0
                                                : strcmp(t, "++") == 0 || strcmp(t, "--") == 0);
            clang_disposeString(s);
        }
    }
    free(cur);
    clang_disposeTokens(w->tu, toks, n);
    return yes;
}

static void deletion_site(mg_walk *w, CXCursor c)
{
    unsigned off;
    mg_file *f = mg_file_of(w, clang_getRangeStart(clang_getCursorExtent(c)), &off);
    long end = f ? extent_end(w, c, f) : -1;
    if (!f || !f->mutable_ || end <= (long)off)
        return;
    size_t at = (size_t)end;
    while (at < f->size && (f->text[at] == ' ' || f->text[at] == '\t'))
        at++;
    if (at < f->size && f->text[at] == ';') /* the statement ends here */
        mg_emit(w, f, off, (unsigned)(end - (long)off), "sdl", "(void)0");
}

static void return_site(mg_walk *w, CXCursor ret)
{
    children ch = children_of(ret);
    unsigned off;
    mg_file *f = mg_file_of(w, clang_getRangeStart(clang_getCursorExtent(ret)), &off);
    char kw[16];
    first_token(w, ret, kw, sizeof kw);
    if (ch.n != 1 || !f || !f->mutable_ || strcmp(kw, "return") != 0)
        return;
    long s = extent_start(w, ch.c[0], f), e = extent_end(w, ch.c[0], f);
    if (s <= (long)off || e <= s || (e - s == 1 && f->text[s] == '0'))
        return; /* not written here, or already 0 */
    mg_emit(w, f, (unsigned)s, (unsigned)(e - s), "rvr", "0");
}

static enum CXChildVisitResult statement_visit(CXCursor c, CXCursor parent,
                                               CXClientData data)
{
    mg_walk *w = data;
    enum CXCursorKind pk = clang_getCursorKind(parent);
    bool statement = pk == CXCursor_CompoundStmt || pk == CXCursor_CaseStmt ||
                     pk == CXCursor_DefaultStmt || pk == CXCursor_LabelStmt;
    if (statement && is_call_or_assign(w, c))
        deletion_site(w, c);
    if (clang_getCursorKind(c) == CXCursor_ReturnStmt && w->int_result)
        return_site(w, c);
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
        return CXChildVisit_Continue;
    *(CXCursor *)d = c;
    return CXChildVisit_Break;
}

void mg_function_sites(mg_walk *w, CXCursor fn)
{
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(fn, find_body, &body);
    if (clang_Cursor_isNull(body))
        return;
    CXString name = clang_getCursorSpelling(fn);
    mg_scope(w, clang_getCString(name));
    clang_disposeString(name);
    w->int_result = is_integer(clang_getCursorResultType(fn));
    token_sites(w, body);
    clang_visitChildren(body, statement_visit, w);
}
