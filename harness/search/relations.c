/* search's set relations and rankings on the first table after its load
 * (see harness/search.c): and_subset, or_superset and inclusion_k. */
#include "search.h"

#include <stdio.h>

/* Fails a set relation: query q's matches against what the relation
 * says, with the operands' matches. */
_Noreturn static void fail_relation(ctx *x, const char *summary, size_t q,
                                    const size_t *operands, size_t n_ops,
                                    const char *expect_name,
                                    const rowset *expect)
{
    pf_buf t[5] = {{0}};
    pf_line l[5];
    size_t n = 0;
    rowset got = set_of(&x->R[q]);
    print_rowset(&t[n], &got);
    l[n] = (pf_line){x->qs.text[q], pf_buf_defer(x->s, &t[n])};
    n++;
    for (size_t i = 0; i < n_ops && n < 4; i++, n++) {
        rowset op = set_of(&x->R[operands[i]]);
        print_rowset(&t[n], &op);
        l[n] = (pf_line){x->qs.text[operands[i]], pf_buf_defer(x->s, &t[n])};
    }
    print_rowset(&t[n], expect);
    l[n] = (pf_line){expect_name, pf_buf_defer(x->s, &t[n])};
    n++;
    fail_with(x, summary, l, n);
}

/* One compiled query of an AND-like kind against its operands; false
 * when the kind is not one and_subset checks. */
static bool check_and_like(ctx *x, const compiled *c)
{
    rowset q = set_of(&x->R[c->q]), a = set_of(&x->R[c->a]);
    rowset b = set_of(&x->R[c->b]), both = set_op(&a, &b, '&');
    size_t ab[3] = {c->a, c->b, 0};
    switch (c->kind) {
    case Q_AND:
        if (!set_equal(&q, &both))
            fail_relation(x, "a AND b is not a ∩ b", c->q, ab, 2, "a ∩ b", &both);
        return true;
    case Q_NOT: {
        rowset want = set_op(&a, &b, '-');
        if (!set_equal(&q, &want))
            fail_relation(x, "a NOT b is not a \\ b", c->q, ab, 2, "a \\ b", &want);
        return true;
    }
    case Q_PHRASE:
    case Q_NEAR: {
        rowset and_ab = set_of(&x->R[c->and_ab]);
        size_t op[3] = {c->and_ab, c->a, c->b};
        if (!set_subset(&q, &and_ab) || !set_equal(&and_ab, &both))
            fail_relation(x, c->kind == Q_PHRASE
                                 ? "the phrase \"a b\" matched outside a AND b"
                                 : "NEAR(a b) matched outside a AND b",
                          c->q, op, 3, "a ∩ b", &both);
        return true;
    }
    case Q_COLUMN:
        if (!set_subset(&q, &a))
            fail_relation(x, "a column filter matched outside a", c->q, ab, 1,
                          "a", &a);
        return true;
    default:
        return false;
    }
}

void prop_and_subset(pf_src *s, void *in)
{
    ctx *x = in;
    size_t checked = 0;
    for (size_t i = 0; i < x->tc->n_q; i++)
        checked += check_and_like(x, &x->cs[i]);
    if (!checked)
        pf_event(s, "and_subset with no AND, NOT, phrase, NEAR or column query");
}

/* One compiled query of an OR-like kind; false when the kind is not one
 * or_superset checks. */
static bool check_or_like(ctx *x, const compiled *c)
{
    rowset q = set_of(&x->R[c->q]), want = {.n = 0};
    if (c->kind == Q_OR) {
        rowset a = set_of(&x->R[c->a]), b = set_of(&x->R[c->b]);
        size_t ab[2] = {c->a, c->b};
        want = set_op(&a, &b, '|');
        if (!set_equal(&q, &want))
            fail_relation(x, "a OR b is not a ∪ b", c->q, ab, 2, "a ∪ b", &want);
        return true;
    }
    if (c->kind != Q_PREFIX)
        return false;
    for (size_t w = 0; w < c->n_words; w++) {
        rowset one = set_of(&x->R[c->words[w]]);
        want = set_op(&want, &one, '|');
    }
    if (!set_equal(&q, &want))
        fail_relation(x, "a prefix query is not the union of the words with "
                      "that prefix", c->q, c->words, c->n_words,
                      "∪ words with the prefix", &want);
    return true;
}

void prop_or_superset(pf_src *s, void *in)
{
    ctx *x = in;
    size_t checked = 0;
    for (size_t i = 0; i < x->tc->n_q; i++)
        checked += check_or_like(x, &x->cs[i]);
    if (!checked)
        pf_event(s, "or_superset with no OR or prefix query");
}

_Noreturn static void fail_limit(ctx *x, const char *summary, const char *q,
                                 int len, const hits *lk, const hits *lk1,
                                 const hits *all)
{
    pf_buf a = {0}, b = {0}, c = {0}, k = {0};
    pf_buf_printf(&k, "%zu", x->tc->k);
    print_hits(&a, lk, true);
    print_hits(&b, lk1, true);
    print_hits(&c, all, true);
    pf_line l[] = {{"query", quoted(x->s, q, len < 0 ? strlen(q) : (size_t)len)},
                   {"k", pf_buf_defer(x->s, &k)},
                   {"LIMIT k", pf_buf_defer(x->s, &a)},
                   {"LIMIT k+1", pf_buf_defer(x->s, &b)},
                   {"no LIMIT", pf_buf_defer(x->s, &c)}};
    fail_with(x, summary, l, 5);
}

/* ORDER BY rowid DESC LIMIT k: the k largest matching rowids. */
static void check_desc(ctx *x, const char *q, int len, const hits *all,
                       const hits *dk)
{
    size_t k = x->tc->k;
    rowset set = set_of(all);
    size_t want_n = set.n < k ? set.n : k;
    bool ok = dk->n == want_n;
    for (size_t r = 0; ok && r < want_n; r++)
        ok = dk->rowid[r] == set.r[set.n - 1 - r];
    if (ok)
        return;
    pf_buf a = {0}, b = {0}, kk = {0};
    pf_buf_printf(&kk, "%zu", k);
    print_hits(&a, dk, false);
    print_rowset(&b, &set);
    pf_line l[] = {{"query", quoted(x->s, q, len < 0 ? strlen(q) : (size_t)len)},
                   {"k", pf_buf_defer(x->s, &kk)},
                   {"ORDER BY rowid DESC LIMIT k", pf_buf_defer(x->s, &a)},
                   {"all matches", pf_buf_defer(x->s, &b)}};
    fail_with(x, "ORDER BY rowid DESC LIMIT k is not the k largest", l, 4);
}

/* LIMIT k and k+1 against the full ranking `all` of query q (len bytes). */
static void check_limits(ctx *x, const char *q, int len, const hits *all)
{
    size_t k = x->tc->k;
    hits lk, lk1, dk;
    int rc1 = db_query(x, T1, Q_LIMITED, q, len, (long)k, &lk);
    int rc2 = db_query(x, T1, Q_LIMITED, q, len, (long)k + 1, &lk1);
    int rc3 = db_query(x, T1, Q_DESC, q, len, (long)k, &dk);
    hits first_k = *all, first_k1 = *all;
    first_k.n = all->n < k ? all->n : k;
    first_k1.n = all->n < k + 1 ? all->n : k + 1;
    if (rc1 != SQLITE_OK || rc2 != SQLITE_OK || rc3 != SQLITE_OK)
        fail_limit(x, "a query accepted without LIMIT was refused with one",
                   q, len, &lk, &lk1, all);
    if (!same_ranking(&lk, &first_k))
        fail_limit(x, "LIMIT k is not the first k of the ranking", q, len, &lk,
                   &lk1, all);
    if (!same_ranking(&lk1, &first_k1))
        fail_limit(x, "LIMIT k+1 is not the first k+1 of the ranking", q, len,
                   &lk, &lk1, all);
    check_desc(x, q, len, all, &dk);
}

void prop_inclusion_k(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    if (x->out_of_order < MAX_Q) {
        pf_buf h = {0};
        print_hits(&h, &x->as_returned, true);
        pf_line l[] = {{"query", x->qs.text[x->out_of_order]},
                       {"ORDER BY rank", pf_buf_defer(s, &h)}};
        fail_with(x, "ORDER BY rank returned rows out of rank order", l, 2);
    }
    bool cut = false;
    for (size_t j = 0; j < tc->n_q; j++) {
        const hits *all = &x->R[x->cs[j].q];
        cut |= tc->k < all->n;
        check_limits(x, x->qs.text[x->cs[j].q], -1, all);
    }
    for (size_t i = 0; i < tc->n_raw; i++)
        if (x->raw[i].rc == SQLITE_OK) {
            cut |= tc->k < x->raw[i].h.n;
            check_limits(x, tc->raw[i], (int)tc->raw_len[i], &x->raw[i].h);
        }
    if (!cut)
        pf_event(s, "inclusion_k with k at or past every ranking's length");
}
