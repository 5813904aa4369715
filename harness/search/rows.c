/* search's results (see search.h): rankings, sets of rowids and raw
 * queries' outcomes, compared and printed. */
#include "search.h"

void sort_ranked(hits *h)
{
    for (size_t i = 1; i < h->n; i++)
        for (size_t j = i; j > 0; j--) {
            double ra = h->rank[j - 1], rb = h->rank[j];
            bool swap = rb < ra || (!(ra < rb) && h->rowid[j] < h->rowid[j - 1]);
            if (!swap)
                break;
            int64_t r = h->rowid[j];
            h->rowid[j] = h->rowid[j - 1];
            h->rowid[j - 1] = r;
            h->rank[j] = ra;
            h->rank[j - 1] = rb;
        }
}

bool in_hits(const hits *h, int64_t rowid)
{
    for (size_t i = 0; i < h->n; i++)
        if (h->rowid[i] == rowid)
            return true;
    return false;
}

bool same_ranking(const hits *a, const hits *b)
{
    if (a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++)
        if (a->rowid[i] != b->rowid[i])
            return false;
    return true;
}

bool same_outcome(const outcome *a, const outcome *b)
{
    if (a->rc != b->rc || strcmp(a->err, b->err) != 0)
        return false;
    return a->rc != SQLITE_OK || same_ranking(&a->h, &b->h);
}

static void sort_rowids(int64_t *r, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && r[j] < r[j - 1]; j--) {
            int64_t t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
}

rowset set_of(const hits *h)
{
    rowset s = {.n = h->n};
    for (size_t i = 0; i < h->n; i++)
        s.r[i] = h->rowid[i];
    sort_rowids(s.r, s.n);
    return s;
}

bool set_has(const rowset *s, int64_t r)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->r[i] == r)
            return true;
    return false;
}

rowset set_op(const rowset *a, const rowset *b, char op)
{
    rowset out = {.n = 0};
    for (size_t i = 0; i < a->n; i++)
        if ((op == '&') == set_has(b, a->r[i]) || op == '|')
            out.r[out.n++] = a->r[i];
    if (op == '|')
        for (size_t i = 0; i < b->n; i++)
            if (!set_has(a, b->r[i]))
                out.r[out.n++] = b->r[i];
    sort_rowids(out.r, out.n);
    return out;
}

bool set_equal(const rowset *a, const rowset *b)
{
    return a->n == b->n && (a->n == 0 || memcmp(a->r, b->r, a->n * sizeof a->r[0]) == 0);
}

bool set_subset(const rowset *a, const rowset *b)
{
    for (size_t i = 0; i < a->n; i++)
        if (!set_has(b, a->r[i]))
            return false;
    return true;
}

void print_hits(pf_buf *b, const hits *h, bool ranks)
{
    pf_buf_putc(b, '[');
    for (size_t i = 0; i < h->n && i <= MAX_HITS; i++) {
        pf_buf_printf(b, i ? ", %lld" : "%lld", (long long)h->rowid[i]);
        if (ranks)
            pf_buf_printf(b, " (%.17g)", h->rank[i]);
    }
    pf_buf_putc(b, ']');
}

void print_rowset(pf_buf *b, const rowset *s)
{
    pf_buf_putc(b, '{');
    for (size_t i = 0; i < s->n; i++)
        pf_buf_printf(b, i ? ", %lld" : "%lld", (long long)s->r[i]);
    pf_buf_putc(b, '}');
}

void print_outcome(pf_buf *b, const outcome *o)
{
    if (o->rc != SQLITE_OK)
        pf_buf_printf(b, "error %d: %s", o->rc, o->err);
    else
        print_hits(b, &o->h, true);
}
