/* search's text (see search.h): documents as column text, and the drawn
 * queries compiled into FTS5 query strings with those their relations
 * need. */
#include "search.h"

#include <stdio.h>

void put_word(pf_buf *b, const char *w, size_t cas)
{
    for (size_t i = 0; w[i]; i++) {
        char c = w[i];
        if (c >= 'a' && c <= 'z' && (cas == 1 || (cas == 2 && i == 0)))
            c = (char)(c - 'a' + 'A');
        pf_buf_putc(b, (uint8_t)c);
    }
}

void column_text(const doc *d, size_t c, const char *const *words,
                 pf_buf *out)
{
    for (size_t i = 0; i < d->n[c]; i++) {
        if (i)
            pf_buf_put(out, seps[d->words[c][i].sep], strlen(seps[d->words[c][i].sep]));
        put_word(out, words[d->words[c][i].w], d->words[c][i].cas);
    }
}

void print_doc(pf_buf *b, int64_t rowid, const doc *d, size_t n_cols,
               const char *const *words)
{
    pf_buf_printf(b, "%lld:", (long long)rowid);
    for (size_t c = 0; c < n_cols; c++) {
        pf_buf t = {0};
        column_text(d, c, words, &t);
        pf_buf_printf(b, " c%zu=", c);
        pf_buf_quote(b, t.data, t.len);
        pf_buf_free(&t);
    }
}

static size_t qset_add(qset *qs, const char *text)
{
    for (size_t i = 0; i < qs->n; i++)
        if (strcmp(qs->text[i], text) == 0)
            return i;
    snprintf(qs->text[qs->n], QLEN, "%s", text);
    return qs->n++;
}

/* R4 bare_keywords: every term is quoted, so no query is a syntax error. */
void term_query(char *out, size_t w)
{
    snprintf(out, QLEN, "\"%s\"", vocab[w]);
}

static size_t add_term(qset *qs, size_t w)
{
    char t[QLEN];
    term_query(t, w);
    return qset_add(qs, t);
}

static bool is_prefix(const char *p, size_t n, const char *w)
{
    return strlen(w) >= n && memcmp(p, w, n) == 0;
}

/* R1 detail_limits: FTS5 refuses phrase and NEAR queries unless
 * detail=full, and column filters under detail=none. */
static size_t allowed_kind(const schema *sc, size_t kind)
{
    if ((kind == Q_PHRASE || kind == Q_NEAR) && detail_of(sc) != DETAIL_FULL)
        return Q_AND;
    if (kind == Q_COLUMN && detail_of(sc) == DETAIL_NONE)
        return Q_TERM;
    return kind;
}

/* A prefix query, and the words it stands for. */
static void compile_prefix(const schema *sc, const qspec *spec, qset *qs,
                           compiled *c, char *t)
{
    const char *a = vocab[spec->a];
    size_t n = spec->plen;
    if (sc->tok == TOK_TRIGRAM && n < 3) /* R2 trigram_short_terms */
        n = 3;
    /* R7 porter_stems_prefix: porter drops a final s of a prefix of three
     * or more characters as of a word ("bis" * is "bi" *, which birch
     * matches): such a prefix takes one character more. */
    if (sc->tok == TOK_PORTER && n >= 3 && n < strlen(a) && a[n - 1] == 's' &&
        a[n - 2] != 's')
        n++;
    snprintf(t, QLEN, "\"%.*s\" *", (int)n, a);
    for (size_t w = 0; w < N_VOCAB; w++)
        if (is_prefix(a, n, vocab[w]))
            c->words[c->n_words++] = add_term(qs, w);
}

void compile_query(const schema *sc, const qspec *spec, qset *qs,
                   compiled *c)
{
    char t[QLEN];
    const char *a = vocab[spec->a], *b = vocab[spec->b];
    memset(c, 0, sizeof *c);
    c->kind = allowed_kind(sc, spec->kind);
    c->changed = c->kind != spec->kind;
    c->a = add_term(qs, spec->a);
    c->b = add_term(qs, spec->b);
    switch (c->kind) {
    case Q_TERM:
        c->q = c->a;
        return;
    case Q_AND: snprintf(t, sizeof t, "\"%s\" AND \"%s\"", a, b); break;
    case Q_OR: snprintf(t, sizeof t, "\"%s\" OR \"%s\"", a, b); break;
    case Q_NOT: snprintf(t, sizeof t, "\"%s\" NOT \"%s\"", a, b); break;
    case Q_PHRASE: snprintf(t, sizeof t, "\"%s %s\"", a, b); break;
    case Q_NEAR: snprintf(t, sizeof t, "NEAR(\"%s\" \"%s\", %zu)", a, b, spec->near); break;
    case Q_COLUMN: snprintf(t, sizeof t, "{c%zu} : \"%s\"", spec->col, a); break;
    case Q_PREFIX: compile_prefix(sc, spec, qs, c, t); break;
    }
    c->q = qset_add(qs, t);
    if (c->kind == Q_PHRASE || c->kind == Q_NEAR) {
        snprintf(t, sizeof t, "\"%s\" AND \"%s\"", a, b);
        c->and_ab = qset_add(qs, t);
    }
}
