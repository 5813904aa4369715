/* search's spelling_invariant (see harness/search.c): a query means the
 * same however it is spelled, by FTS5's documented query syntax. Two
 * vocabulary words joined by one drawn ASCII character c:
 *   - c a bareword character (FTS5's documentation: the 52 ASCII letters,
 *     the 10 digits, '_' and the substitute character 0x1A): w1cw2 is one
 *     bareword, the same query as "w1cw2" quoted;
 *   - any other c: it ends the bareword, so w1cw2 is the query w1 c w2
 *     (space around it changes nothing);
 *   - a c that is none of those, nor FTS5 syntax ( ) { } : , + * - ^ ",
 *     nor FTS5's space (space, tab, newline, carriage return): w1cw2 is a
 *     syntax error.
 * The other properties quote every term (R4), so FTS5's bareword rules
 * are seen only here. */
#include "search.h"

#include <stdio.h>

static bool documented_bareword(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == 0x1A;
}

static bool syntax_or_space(int c)
{
    return c != '\0' && strchr("(){}:,+*-^\" \t\n\r", c) != NULL;
}

_Noreturn static void fail_spelling(ctx *x, const char *summary, const char *q1,
                                    const outcome *o1, const char *q2, const outcome *o2)
{
    pf_buf a = {0}, b = {0};
    print_outcome(&a, o1);
    pf_line l[2] = {{quoted(x->s, q1, strlen(q1)), pf_buf_defer(x->s, &a)}};
    size_t n = 1;
    if (q2) {
        print_outcome(&b, o2);
        l[n++] = (pf_line){quoted(x->s, q2, strlen(q2)), pf_buf_defer(x->s, &b)};
    }
    fail_with(x, summary, l, n);
}

void prop_spelling_invariant(pf_src *s, void *in)
{
    ctx *x = in;
    size_t i1 = pf_choice(s, "word1", N_VOCAB);
    pf_name_values(s, vocab, N_VOCAB);
    size_t i2 = pf_choice(s, "word2", N_VOCAB);
    pf_name_values(s, vocab, N_VOCAB);
    const char *w1 = vocab[i1], *w2 = vocab[i2];
    int c = (int)pf_u64_range(s, "joined_by", 1, 127);
    char bare[QLEN], other[QLEN];
    snprintf(bare, sizeof bare, "%s%c%s", w1, c, w2);
    if (documented_bareword(c))
        snprintf(other, sizeof other, "\"%s\"", bare);
    else
        snprintf(other, sizeof other, "%s %c %s", w1, c, w2);
    outcome ob, oo;
    db_run_text(x, T1, Q_RANKED, bare, -1, &ob);
    db_run_text(x, T1, Q_RANKED, other, -1, &oo);
    if (!same_outcome(&ob, &oo))
        fail_spelling(x, documented_bareword(c)
                             ? "a bareword and the same text quoted differ"
                             : "space around a character that ends a bareword changed the query",
                      bare, &ob, other, &oo);
    if (!documented_bareword(c) && !syntax_or_space(c) &&
        (ob.rc == SQLITE_OK || !strstr(ob.err, "syntax error")))
        fail_spelling(x, "a character FTS5 neither takes in a bareword nor as syntax "
                      "was not a syntax error", bare, &ob, NULL, NULL);
}
