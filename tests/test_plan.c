/* Unit tests of the variation drawn up front (properties/draw/draw_plan.c):
 * chunk plans and their application, shuffles by rank and their inverse,
 * induced permutations. */
#include "propfuzz.h"
#include "testkit.h"

#include <string.h>

static void test_zeros_give_one_chunk(void)
{
    pf_src *s = pf_begin("t", IN(0));
    pf_plan p;
    pf_plan_draw(s, "plan", &p, 255);
    EQ_U(p.n, 0);
    size_t sizes[4];
    EQ_U(pf_plan_apply(&p, 10, sizes, 4), 1);
    EQ_U(sizes[0], 10);
    EQ_U(pf_plan_apply(&p, 0, sizes, 4), 0);
    pf_end(s);
}

static void test_plan_applies_in_order_then_the_rest(void)
{
    pf_plan p = {3, {3, 1, 50}};
    size_t sizes[8];
    EQ_U(pf_plan_apply(&p, 10, sizes, 8), 3);
    EQ_U(sizes[0], 3);
    EQ_U(sizes[1], 1);
    EQ_U(sizes[2], 6); /* 50 does not fit: what is left */
    EQ_U(pf_plan_apply(&p, 100, sizes, 8), 4);
    EQ_U(sizes[3], 46);
    EQ_U(pf_plan_apply(&p, 100, sizes, 2), 2); /* at most 2: the last takes the rest */
    EQ_U(sizes[1], 97);
    EQ_U(pf_plan_apply(&p, 2, sizes, 8), 1);
    EQ_U(sizes[0], 2);
}

static void test_plan_round_trips(void)
{
    pf_plan p = {4, {1, 255, 7, 2}}, q;
    pf_buf e = {0};
    pf_enc_plan(&e, &p, 255);
    pf_src *s = pf_begin("t", e.data, e.len);
    pf_plan_draw(s, "plan", &q, 255);
    CHECK(!pf_overrun(s) && pf_offset(s) == e.len, "width");
    EQ_U(q.n, 4);
    for (size_t i = 0; i < 4; i++)
        EQ_U(q.sizes[i], p.sizes[i]);
    pf_end(s);
    pf_buf_free(&e);
}

static void test_shuffle_zero_is_identity_and_every_rank_inverts(void)
{
    pf_src *s = pf_begin("t", IN(0, 0));
    size_t perm[8];
    pf_shuffle_draw(s, "order", perm, 8);
    for (size_t i = 0; i < 8; i++)
        EQ_U(perm[i], i);
    EQ_U(pf_offset(s), 2); /* 8! = 40320: a 2-byte word */
    pf_end(s);
    /* Every permutation of 5 decodes from its encoding. */
    size_t seen = 0;
    for (uint64_t rank = 0; rank < 120; rank++) {
        pf_buf e = {0};
        pf_enc_u64_range(&e, 0, 119, rank);
        s = pf_begin("t", e.data, e.len);
        size_t p[5], q[5];
        pf_shuffle_draw(s, "order", p, 5);
        pf_end(s);
        pf_buf f = {0};
        pf_enc_shuffle(&f, p, 5);
        CHECK(f.len == e.len && memcmp(f.data, e.data, e.len) == 0, "rank %llu", (unsigned long long)rank);
        s = pf_begin("t", f.data, f.len);
        pf_shuffle_draw(s, "order", q, 5);
        pf_end(s);
        unsigned mask = 0;
        for (size_t i = 0; i < 5; i++)
            mask |= 1u << p[i];
        seen += mask == 31 && memcmp(p, q, sizeof p) == 0;
        pf_buf_free(&e);
        pf_buf_free(&f);
    }
    EQ_U(seen, 120);
}

static void test_restrict_keeps_relative_order(void)
{
    size_t perm[6] = {5, 2, 0, 4, 1, 3}, out[3];
    pf_permutation_restrict(perm, 6, 3, out);
    EQ_U(out[0], 2);
    EQ_U(out[1], 0);
    EQ_U(out[2], 1);
    size_t id[4] = {0, 1, 2, 3}, o2[2];
    pf_permutation_restrict(id, 4, 2, o2);
    EQ_U(o2[0], 0);
    EQ_U(o2[1], 1);
}

int main(void)
{
    run("zeros_give_one_chunk", test_zeros_give_one_chunk);
    run("plan_applies_in_order_then_the_rest", test_plan_applies_in_order_then_the_rest);
    run("plan_round_trips", test_plan_round_trips);
    run("shuffle_zero_is_identity_and_every_rank_inverts",
        test_shuffle_zero_is_identity_and_every_rank_inverts);
    run("restrict_keeps_relative_order", test_restrict_keeps_relative_order);
    return finish();
}
