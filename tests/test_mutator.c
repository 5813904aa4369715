/* Unit tests of the structure-aware mutator (properties/mutator/): a
 * mutated input replays identically (decoded twice, the same draws), the
 * mutator is total on arbitrary bytes and keeps to max_size, each edit
 * does what it says on an input written as values, and a failing input is
 * decoded quietly (no report, no abort). The engine's byte mutator is not
 * linked here: its share is the mutator's own byte edit. */
#define _POSIX_C_SOURCE 200809L

#include "mutator/mutator_internal.h"
#include "testkit.h"

#include <stdlib.h>

/* --- a tiny target: a list of items, each an int, a text or a float ---- */

enum { MAX_ITEMS = 8 };
static const pf_text_opts text_opts = {0, 16, NULL, 0, false};
static const pf_float_opts float_opts = {true, -10, 10, true, true};

static void *setup(pf_src *s)
{
    pf_list l;
    pf_list_begin(s, &l, "items", 0, MAX_ITEMS);
    while (pf_list_more(s, &l)) {
        size_t len;
        switch (pf_one_of(s, "item", 3)) {
        case 0: pf_i64_range(s, "n", -100, 100); break;
        case 1: pf_text(s, "t", &text_opts, &len); break;
        default: pf_double(s, "d", &float_opts); break;
        }
        pf_span_end(s);
    }
    pf_bool_p(s, "rare", 0.01);
    return NULL;
}

/* Fails on a first byte of 0xEE: the mutator meets failing inputs too. */
static void fails_on_ee(pf_src *s, void *input)
{
    (void)input;
    if (pf_u8(s, "marker") == 0xEE)
        pf_fail(s, NULL, "marker", NULL, 0, NULL);
}

static const pf_property props[] = {{"marker", fails_on_ee}};
static const pf_mode modes[] = {{"items", setup, props, PF_LEN(props)}};
static const pf_target tiny = {"test_mutator", modes, PF_LEN(modes), NULL};
PF_TARGET(tiny)

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed);

/* An item list written as values: kinds[i] 0 int, 1 text, 2 float. */
static void enc_items(pf_buf *e, const int *kinds, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        pf_enc_more(e, true);
        pf_enc_choice(e, 3, (size_t)kinds[i]);
        if (kinds[i] == 0)
            pf_enc_i64_range(e, -100, 100, (int64_t)(i * 10 + 1));
        else if (kinds[i] == 1)
            pf_enc_text(e, &text_opts, "ab", 2);
        else
            pf_enc_double(e, &float_opts, 1.5);
    }
    pf_enc_more(e, false);
    pf_enc_bool_p(e, 0.01, false);
    pf_buf_putc(e, 0x07); /* marker */
}

static bool same_runs(const pf__decoded *a, const pf__decoded *b)
{
    if (a->run.n_recs != b->run.n_recs)
        return false;
    for (size_t i = 0; i < a->run.n_recs; i++) {
        const pf__rec *x = &a->run.recs[i], *y = &b->run.recs[i];
        if (x->kind != y->kind || x->offset != y->offset ||
            x->width != y->width || x->value != y->value || x->lo != y->lo ||
            x->hi != y->hi || strcmp(x->label, y->label) != 0)
            return false;
    }
    return true;
}

static size_t count_spans(const pf__decoded *d, const char *label)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n_spans; i++)
        n += strcmp(d->spans[i].sp.label, label) == 0;
    return n;
}

/* --- tests ---------------------------------------------------------------- */

static void replays_identically(void)
{
    static const int kinds[] = {0, 1, 2, 0, 1};
    pf_buf e = {0};
    enc_items(&e, kinds, PF_LEN(kinds));
    enum { CAP = 512 };
    uint8_t buf[CAP];
    size_t len = e.len;
    memcpy(buf, e.data, len);
    pf__decoded a = {0}, b = {0};
    for (unsigned seed = 1; seed <= 400; seed++) {
        len = LLVMFuzzerCustomMutator(buf, len, CAP, seed);
        CHECK(len <= CAP, "seed %u: %zu bytes, max %d", seed, len, CAP);
        pf__decode(buf, len, &a, true);
        pf__decode(buf, len, &b, true);
        CHECK(same_runs(&a, &b), "seed %u: two decodes differ", seed);
        if (len == 0) { /* start again from the values */
            memcpy(buf, e.data, e.len);
            len = e.len;
        }
    }
    pf__decoded_free(&a);
    pf__decoded_free(&b);
    pf_buf_free(&e);
}

static void total_on_random_bytes(void)
{
    pf__rng r = {12345};
    uint8_t buf[256];
    for (unsigned i = 0; i < 2000; i++) {
        size_t len = pf__rng_below(&r, 64), max = len + pf__rng_below(&r, 64);
        if (max == 0)
            max = 1;
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)pf__rng_next(&r);
        size_t n = LLVMFuzzerCustomMutator(buf, len, max, i);
        CHECK(n <= max, "input %u: %zu bytes, max %zu", i, n, max);
    }
}

typedef bool (*edit_fn)(pf__rng *r, const pf__decoded *d, pf__cand *c);

/* Applies an edit with seeds 1.. until it makes a candidate for which
 * `want` holds (of the candidate's decode); false if none of 200 did. */
static bool some_edit(edit_fn fn, const pf__decoded *d,
                      bool (*want)(const pf__decoded *before,
                                   const pf__decoded *after))
{
    pf__cand c = {0};
    pf__decoded after = {0};
    bool found = false;
    for (uint64_t seed = 1; seed <= 200 && !found; seed++) {
        pf__rng r = {seed * 0x9e3779b97f4a7c15u};
        if (!fn(&r, d, &c))
            continue;
        pf__decode(c.data, c.len, &after, true);
        found = want(d, &after);
    }
    pf__cand_free(&c);
    pf__decoded_free(&after);
    return found;
}

static bool one_fewer(const pf__decoded *b, const pf__decoded *a)
{
    return count_spans(a, "items[]") + 1 == count_spans(b, "items[]");
}
static bool one_more(const pf__decoded *b, const pf__decoded *a)
{
    return count_spans(a, "items[]") == count_spans(b, "items[]") + 1;
}
/* Same elements, another order: the item kinds (choice values) permuted. */
static bool reordered(const pf__decoded *b, const pf__decoded *a)
{
    if (a->n_draws != b->n_draws || count_spans(a, "items[]") != count_spans(b, "items[]"))
        return false;
    bool differs = false;
    uint64_t sum_a = 0, sum_b = 0;
    for (size_t i = 0; i < a->n_draws; i++) {
        differs |= a->draws[i]->value != b->draws[i]->value;
        sum_a += a->draws[i]->value;
        sum_b += b->draws[i]->value;
    }
    return differs && sum_a == sum_b;
}
/* One value draw changed, the structure (draw count) the same. */
static bool one_value(const pf__decoded *b, const pf__decoded *a)
{
    if (a->n_draws != b->n_draws)
        return false;
    size_t changed = 0;
    for (size_t i = 0; i < a->n_draws; i++)
        changed += a->draws[i]->value != b->draws[i]->value;
    return changed == 1;
}
static bool text_changed(const pf__decoded *b, const pf__decoded *a)
{
    (void)b;
    for (size_t i = 0; i < a->n_draws; i++)
        if (a->draws[i]->kind == PF_DRAW_TEXT && a->draws[i]->value != 2)
            return true;
    return false;
}
static bool anything(const pf__decoded *b, const pf__decoded *a)
{
    return !same_runs(a, b);
}

static bool value_edit(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    pf__edit kind;
    return pf__edit_value(r, d, c, &kind);
}

static const pf__decoded *g_from;
static bool crossover_edit(pf__rng *r, const pf__decoded *d, pf__cand *c)
{
    return pf__edit_crossover(r, d, g_from, c);
}
/* A float item of the other input appears (this one has none). */
static bool has_float(const pf__decoded *b, const pf__decoded *a)
{
    (void)b;
    for (size_t i = 0; i < a->n_draws; i++)
        if (a->draws[i]->kind == PF_DRAW_DOUBLE)
            return true;
    return false;
}

static void each_edit(void)
{
    static const int kinds[] = {0, 1, 0, 1}, other_kinds[] = {2, 2};
    pf_buf e = {0}, o = {0};
    enc_items(&e, kinds, PF_LEN(kinds));
    enc_items(&o, other_kinds, PF_LEN(other_kinds));
    pf__decoded d = {0}, from = {0};
    CHECK(pf__decode(e.data, e.len, &d, true), "the input decodes");
    CHECK(pf__decode(o.data, o.len, &from, true), "the other input decodes");
    EQ_U(count_spans(&d, "items[]"), 4);
    CHECK(some_edit(pf__edit_delete, &d, one_fewer), "delete: one item fewer");
    CHECK(some_edit(pf__edit_duplicate, &d, one_more), "duplicate: one item more");
    CHECK(some_edit(pf__edit_swap, &d, reordered), "swap: items reordered");
    CHECK(some_edit(pf__edit_move, &d, reordered), "move: items reordered");
    CHECK(some_edit(value_edit, &d, one_value), "value: one value changed");
    CHECK(some_edit(pf__edit_string, &d, text_changed), "string: a text changed");
    CHECK(some_edit(pf__edit_flag, &d, anything), "flag: the list changed");
    g_from = &from;
    CHECK(some_edit(crossover_edit, &d, has_float), "crossover: a float item taken");
    pf__decoded_free(&d);
    pf__decoded_free(&from);
    pf_buf_free(&e);
    pf_buf_free(&o);
}

static void failing_input_is_quiet(void)
{
    static const int kinds[] = {0};
    pf_buf e = {0};
    enc_items(&e, kinds, PF_LEN(kinds));
    e.data[e.len - 1] = 0xEE; /* the marker that fails */
    CHECK(pf_fails(e.data, e.len, NULL, 0), "the input fails");
    pf__decoded d = {0};
    CHECK(pf__decode(e.data, e.len, &d, true), "decoded without a report");
    CHECK(d.n_draws >= 5, "%zu draws", d.n_draws);
    uint8_t buf[128];
    memcpy(buf, e.data, e.len);
    size_t n = LLVMFuzzerCustomMutator(buf, e.len, sizeof buf, 7);
    CHECK(n <= sizeof buf, "mutated");
    pf__decoded_free(&d);
    pf_buf_free(&e);
}

int main(void)
{
    setenv("PF_MUTATOR", "1", 1); /* no PF_MUTATOR_DEFAULT_ON here: off */
    run("replays_identically", replays_identically);
    run("total_on_random_bytes", total_on_random_bytes);
    run("each_edit", each_edit);
    run("failing_input_is_quiet", failing_input_is_quiet);
    return finish();
}
