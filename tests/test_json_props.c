/* Unit tests of the shared JSON properties (include/propfuzz_json.h):
 * a model adapter — the reference parser and the canonical writer — holds
 * every property; each of six planted mistakes in it is caught by its
 * property, and only by properties it concerns; the restriction hooks
 * skip and count; the seed helpers write what the strategy draws back. */
#include "propfuzz.h"
#include "propfuzz_json.h"
#include "core/pf_internal.h"
#include "testkit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- the model adapter, with a switch for each planted mistake ----------- */

typedef enum mistake {
    NONE, SIGNLESS_ZERO, RESTLESS_WRITER, EMPTY_OBJECT_AS_ARRAY,
    LOOKUP_BY_LENGTH, DIGIT_LOST_AT_BOUNDARY, DUPLICATES_DROPPED
} mistake;
static mistake g_mistake;

static pf_json *model_parse(const pf_json_adapter *a, pf_json_pool *p,
                            const uint8_t *text, size_t len)
{
    (void)a;
    return pf_json_parse(p, text, len, NULL);
}

/* The chunks glued back: right, unless a chunk after the first starts
 * with a digit (DIGIT_LOST_AT_BOUNDARY drops that digit). */
static pf_json *model_parse_chunks(const pf_json_adapter *a, pf_json_pool *p,
                                   const uint8_t *text, const size_t *sizes,
                                   size_t n)
{
    pf_buf b = {0};
    size_t at = 0;
    for (size_t i = 0; i < n; at += sizes[i], i++) {
        size_t skip = g_mistake == DIGIT_LOST_AT_BOUNDARY && i > 0 &&
                      text[at] >= '0' && text[at] <= '9';
        pf_buf_put(&b, text + at + skip, sizes[i] - skip);
    }
    pf_json *v = model_parse(a, p, b.data ? b.data : (const uint8_t *)"", b.len);
    pf_buf_free(&b);
    return v;
}

/* A copy with the planted mistakes of writing applied. */
static pf_json *as_written(pf_json_pool *p, const pf_json *v, bool formatted)
{
    if (v->type == PF_JSON_DOUBLE && v->v.d == 0 && g_mistake == SIGNLESS_ZERO)
        return pf_json_double(p, 0.0);
    if (v->type == PF_JSON_OBJECT && v->n == 0 && formatted &&
        g_mistake == EMPTY_OBJECT_AS_ARRAY)
        return pf_json_array(p, 0);
    if (v->type == PF_JSON_ARRAY) {
        pf_json *a = pf_json_array(p, v->n);
        for (size_t i = 0; i < v->n; i++)
            pf_json_push(p, a, as_written(p, v->v.items[i], formatted));
        return a;
    }
    if (v->type != PF_JSON_OBJECT)
        return pf_json_copy(p, v);
    pf_json *o = pf_json_object(p, v->n);
    for (size_t i = 0; i < v->n; i++) {
        const pf_json_member *m = &v->v.members[i];
        if (g_mistake != DUPLICATES_DROPPED || !pf_json_get(o, m->key, m->key_len))
            pf_json_put(p, o, m->key, m->key_len, as_written(p, m->value, formatted));
    }
    return o;
}

/* Formats: NULL compact, else every character escaped. */
static int model_write(const pf_json_adapter *a, const pf_json *v,
                       const void *format, pf_buf *out)
{
    (void)a;
    static unsigned calls;
    pf_json_pool *p = pf_json_pool_new();
    pf_json_write_opts o = {.escape_all = format != NULL};
    pf_json_write(out, as_written(p, v, format != NULL), &o);
    if (g_mistake == RESTLESS_WRITER && calls++ % 2)
        pf_buf_putc(out, ' ');
    pf_json_pool_free(p);
    return 0;
}

/* Trees are pf_json copies in the input's pool. */
static pf_json_pool *g_tree_pool;

static bool model_tree(const pf_json_adapter *a, const pf_json *v, void **out)
{
    (void)a;
    *out = pf_json_copy(g_tree_pool, v);
    return true;
}
static void model_tree_free(void *t) { (void)t; }

static bool model_get(const void *node, const char *key, size_t len,
                      const void **out)
{
    const pf_json *o = node;
    if (o->type != PF_JSON_OBJECT)
        return false;
    for (size_t i = 0; i < o->n; i++) {
        const pf_json_member *m = &o->v.members[i];
        if (m->key_len == len &&
            (g_mistake == LOOKUP_BY_LENGTH || memcmp(m->key, key, len) == 0)) {
            *out = m->value;
            return true;
        }
    }
    return false;
}

static bool model_item(const void *node, size_t i, const void **out)
{
    const pf_json *a = node;
    if (a->type != PF_JSON_ARRAY || i >= a->n)
        return false;
    *out = a->v.items[i];
    return true;
}

static pf_json *model_value(pf_json_pool *p, const void *node)
{
    return pf_json_copy(p, node);
}

static bool model_equal(const void *a, const void *b)
{
    static const pf_json_eq as_map = {.unordered = true};
    return pf_json_equal(a, b, &as_map, NULL);
}

/* Texts holding "666" are not given to the model (as yajl's unsafe). */
static bool model_unsafe(const uint8_t *text, size_t len)
{
    for (size_t i = 0; i + 3 <= len; i++)
        if (memcmp(text + i, "666", 3) == 0)
            return true;
    return false;
}

static const pf_json_adapter model = {
    .name = "model", .parse = model_parse, .parse_chunks = model_parse_chunks,
    .write = model_write, .tree = model_tree, .tree_free = model_tree_free,
    .get = model_get, .item = model_item, .value = model_value,
    .equal = model_equal, .unsafe = model_unsafe,
};

/* --- the target: the shared properties over the model ----------------- */

static const void *escaped_format(pf_src *s, pf_json_use use)
{
    (void)use;
    static const int on = 1;
    return pf_bool(s, "escaped") ? &on : NULL;
}

/* Restrictions of the model target, to see the hooks skip and count:
 * T1 raw texts with an infinite number (the writer's Infinity is not
 * JSON), T2 escaped texts holding '!', T3 texts holding "666". */
static bool has_infinity(const pf_json *v)
{
    if (v->type == PF_JSON_DOUBLE)
        return isinf(v->v.d);
    for (size_t i = 0; v->type == PF_JSON_ARRAY && i < v->n; i++)
        if (has_infinity(v->v.items[i]))
            return true;
    for (size_t i = 0; v->type == PF_JSON_OBJECT && i < v->n; i++)
        if (has_infinity(v->v.members[i].value))
            return true;
    return false;
}
static const char *t1(const pf_json *v) { return has_infinity(v) ? "T1" : NULL; }
static const char *t2(const uint8_t *text, size_t len)
{
    for (size_t i = 0; i + 6 <= len; i++)
        if (memcmp(text + i, "\\u0021", 6) == 0)
            return "T2";
    return NULL;
}

static const pf_json_suite suite = {
    .lib = &model,
    .values = {.max_depth = 3, .max_items = 4, .max_string = 6, .uint = true},
    .draw_format = escaped_format,
    .unsafe_restriction = "T3",
    .raw_unfit = t1,
    .escapes_unfit = t2,
};

/* No chunk boundary before a digit: the model's lost digit cannot show. */
static size_t join_digits(const uint8_t *text, size_t *sizes, size_t n)
{
    if (n < 2)
        return n;
    size_t at = sizes[0], k = 1;
    for (size_t i = 1; i < n; at += sizes[i], i++) {
        if (text[at] >= '0' && text[at] <= '9')
            sizes[k - 1] += sizes[i];
        else
            sizes[k++] = sizes[i];
    }
    return k;
}
static pf_json_suite guarded;
static const pf_json_suite *g_suite = &suite;

static void *value_case(pf_src *s)
{
    g_tree_pool = pf_json_input_pool(s);
    return pf_json_value_case(s, g_suite);
}
static void *raw_case(pf_src *s) { return pf_json_raw_case(s, g_suite); }
static void *chunked_case(pf_src *s) { return pf_json_chunked_case(s, g_suite); }

enum { MODE_VALUES, MODE_RAW, MODE_CHUNKED, N_MODES };
static const pf_mode modes[] = {
    {"values", value_case, pf_json_value_properties, PF_JSON_N_VALUE_PROPERTIES},
    {"raw", raw_case, pf_json_raw_properties, 1},
    {"chunked", chunked_case, pf_json_chunked_properties, 1},
};
static const pf_target target = {"model", modes, N_MODES, NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pf_run(&target, NULL, data, size);
}

/* --- failures are counted per property -------------------------------- */

static const char *const names[] = {"round_trip", "deterministic", "format_neutral",
                                    "key_order", "batch_incremental",
                                    "canonical_fixed_point"};
enum { N_NAMES = sizeof names / sizeof names[0] };
static unsigned g_failures[N_NAMES];

static void count_failure(pf_src *s, const pf__failure *f)
{
    for (size_t i = 0; i < N_NAMES; i++)
        if (strcmp(f->property, names[i]) == 0)
            g_failures[i]++;
    pf__unwind_run(s, PF__UNWIND_ABANDON);
}

/* Random inputs (biased to small bytes: structure, flags), and inputs
 * that start with a value written by the inverse and go on randomly. */
static void run_inputs(void)
{
    memset(g_failures, 0, sizeof g_failures);
    pf__set_fail_handler(count_failure);
    g_rng = 42;
    uint8_t bytes[256];
    for (int iter = 0; iter < 4000; iter++) {
        size_t n = below(sizeof bytes);
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rnd();
            bytes[i] = (uint8_t)(r % 4 == 0 ? r >> 8 : (r >> 8) % 10);
        }
        bytes[0] %= N_MODES;
        pf_run(&target, NULL, bytes, n);
    }
    static const char *const values[] = {"[-0.0,{}]", "{\"a\":[1],\"b\":{\"c\":2,\"d\":3}}"};
    static const char *const raw[] = {"{\"a\":1,\"a\":2}", "[10,20,{\"k\":30}]"};
    for (int iter = 0; iter < 200; iter++) {
        pf_buf e = {0};
        bool value = iter % 2;
        pf_enc_choice(&e, N_MODES, value ? MODE_VALUES : MODE_RAW);
        if (value)
            pf_json_enc_text(&e, &suite.values, values[iter / 2 % 2]);
        else
            pf_buf_put(&e, raw[iter / 2 % 2], strlen(raw[iter / 2 % 2]));
        for (int k = 0; value && k < 24; k++)
            pf_buf_putc(&e, (uint8_t)below(4));
        pf_run(&target, NULL, e.data, e.len);
        pf_buf_free(&e);
    }
    pf__set_fail_handler(NULL);
}

static void test_model_holds_every_property(void)
{
    g_mistake = NONE;
    run_inputs();
    for (size_t i = 0; i < N_NAMES; i++)
        CHECK(g_failures[i] == 0, "%s failed %u times", names[i], g_failures[i]);
    CHECK(pf__stats_total(PF__STAT_CHECKED, "key_order", NULL) > 1000,
          "key_order checked %" PRIu64 " times",
          pf__stats_total(PF__STAT_CHECKED, "key_order", NULL));
}

/* The mistake is caught by `property`; properties it does not concern
 * stay quiet (a mistake in writing also fails what reads the writing). */
static void caught(mistake m, size_t property, const size_t *quiet, size_t n_quiet)
{
    g_mistake = m;
    run_inputs();
    CHECK(g_failures[property] > 0, "mistake %d not caught by %s", m, names[property]);
    for (size_t i = 0; i < n_quiet; i++)
        CHECK(g_failures[quiet[i]] == 0, "mistake %d also failed %s (%u)", m,
              names[quiet[i]], g_failures[quiet[i]]);
    g_mistake = NONE;
}

enum { RT, DET, FN, KO, BI, CFP };

/* A signless writer also fails key_order (the permuted text is read
 * back) and the fixed point; a restless one the fixed point's "writes
 * unchanged". */
static void test_round_trip_catches_signless_zero(void)
{
    caught(SIGNLESS_ZERO, RT, (const size_t[]){DET, BI}, 2);
}
static void test_deterministic_catches_restless_writer(void)
{
    caught(RESTLESS_WRITER, DET, (const size_t[]){RT, FN, KO, BI}, 4);
}
static void test_format_neutral_catches_other_format(void)
{
    caught(EMPTY_OBJECT_AS_ARRAY, FN, (const size_t[]){RT, DET, KO, BI, CFP}, 5);
}
static void test_key_order_catches_lookup_by_length(void)
{
    caught(LOOKUP_BY_LENGTH, KO, (const size_t[]){RT, DET, FN, BI, CFP}, 5);
}
static void test_batch_incremental_catches_lost_digit(void)
{
    caught(DIGIT_LOST_AT_BOUNDARY, BI, (const size_t[]){RT, DET, FN, KO, CFP}, 5);
}
static void test_fixed_point_catches_dropped_duplicates(void)
{
    caught(DUPLICATES_DROPPED, CFP, (const size_t[]){RT, DET, FN, KO, BI}, 5);
}

static void test_fix_chunks_hook_applies(void)
{
    guarded = suite;
    guarded.fix_chunks = join_digits;
    g_suite = &guarded;
    g_mistake = DIGIT_LOST_AT_BOUNDARY;
    run_inputs();
    for (size_t i = 0; i < N_NAMES; i++)
        CHECK(g_failures[i] == 0, "%s failed %u times", names[i], g_failures[i]);
    g_mistake = NONE;
    g_suite = &suite;
}

/* --- restriction hooks skip, counted under their names ---------------- */

static void run_text(size_t mode, const char *text, bool as_value)
{
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, mode);
    if (as_value)
        pf_json_enc_text(&e, &suite.values, text);
    else if (mode == MODE_CHUNKED)
        pf_enc_bytes(&e, 0, PF_UNBOUNDED, (const uint8_t *)text, strlen(text));
    else
        pf_buf_put(&e, text, strlen(text));
    pf_run(&target, NULL, e.data, e.len);
    pf_buf_free(&e);
}

static void test_restrictions_skip_and_count(void)
{
    pf_stats_reset();
    g_mistake = NONE;
    run_text(MODE_RAW, "[1e400]", false);
    EQ_U(pf__stats_total(PF__STAT_SKIP, "canonical_fixed_point", "T1"), 1);
    run_text(MODE_VALUES, "[\"a!\"]", true);
    EQ_U(pf__stats_total(PF__STAT_SKIP, "format_neutral", "T2"), 1);
    run_text(MODE_RAW, "[666]", false);
    EQ_U(pf__stats_total(PF__STAT_SKIP, "canonical_fixed_point", "T3"), 1);
    run_text(MODE_CHUNKED, "[1,666]", false);
    EQ_U(pf__stats_total(PF__STAT_SKIP, "batch_incremental", "T3"), 1);
    run_text(MODE_VALUES, "[\"a\"]", true);
    EQ_U(pf__stats_total(PF__STAT_CHECKED, "format_neutral", NULL), 1);
}

/* --- seeds --------------------------------------------------------------- */

static uint8_t g_emitted[512];
static size_t g_emitted_len, g_n_emitted;

static void keep_last(const char *name, const uint8_t *data, size_t len)
{
    (void)name;
    g_n_emitted++;
    g_emitted_len = len < sizeof g_emitted ? len : sizeof g_emitted;
    memcpy(g_emitted, data, g_emitted_len);
}

static void test_seeds_decode_to_their_values(void)
{
    static const pf_json_seed v[] = {{"v", "{\"k\":[1,-2.5,\"\\u0000\"]}"}};
    pf_json_seed_values(keep_last, MODE_VALUES, N_MODES, &suite.values, v, 1);
    pf_json_pool *p = pf_json_pool_new();
    pf_src *s = pf_begin("t", g_emitted, g_emitted_len);
    EQ_U(pf_choice(s, "mode", N_MODES), MODE_VALUES);
    pf_json *got = pf_json_draw(s, p, &suite.values);
    const char *want = v[0].json;
    CHECK(pf_json_equal(pf_json_parse(p, (const uint8_t *)want, strlen(want), NULL),
                        got, NULL, NULL), "decoded %s", pf_json_show(p, got));
    pf_end(s);

    static const pf_json_seed c[] = {{"c", "[1,2]"}};
    pf_json_seed_chunked(keep_last, MODE_CHUNKED, N_MODES, c, 1);
    s = pf_begin("t", g_emitted, g_emitted_len);
    EQ_U(pf_choice(s, "mode", N_MODES), MODE_CHUNKED);
    size_t len, sizes[8];
    const uint8_t *text = pf_bytes(s, "text", 0, PF_UNBOUNDED, &len);
    CHECK(len == 5 && memcmp(text, "[1,2]", 5) == 0, "text of %zu bytes", len);
    EQ_U(pf_chunks(s, "chunks", len, sizes, 8), 3);
    CHECK(sizes[0] == 3 && sizes[1] == 1 && sizes[2] == 1, "chunks %zu %zu %zu",
          sizes[0], sizes[1], sizes[2]);
    CHECK(!pf_overrun(s) && pf_offset(s) == g_emitted_len, "bytes left over");
    pf_end(s);

    static const pf_json_seed r[] = {{"r", "[1] x"}};
    pf_json_seed_raw(keep_last, MODE_RAW, N_MODES, r, 1);
    CHECK(g_emitted_len == 6 && g_emitted[0] == MODE_RAW &&
          memcmp(g_emitted + 1, "[1] x", 5) == 0, "raw seed of %zu bytes", g_emitted_len);
    EQ_U(g_n_emitted, 3);
    pf_json_pool_free(p);
}

/* Integers become doubles for a library without them. */
static void test_seed_integers_as_doubles(void)
{
    const pf_json_opts no_int = {.no_int = true};
    pf_buf e = {0};
    pf_json_enc_text(&e, &no_int, "[1,-7]");
    pf_json_pool *p = pf_json_pool_new();
    pf_src *s = pf_begin("t", e.data, e.len);
    pf_json *got = pf_json_draw(s, p, &no_int);
    pf_end(s);
    CHECK(got->type == PF_JSON_ARRAY && got->n == 2 &&
          got->v.items[0]->type == PF_JSON_DOUBLE && got->v.items[1]->v.d == -7.0,
          "decoded %s", pf_json_show(p, got));
    pf_json_pool_free(p);
    pf_buf_free(&e);
}

int main(void)
{
    run("model_holds_every_property", test_model_holds_every_property);
    run("round_trip_catches_signless_zero", test_round_trip_catches_signless_zero);
    run("deterministic_catches_restless_writer", test_deterministic_catches_restless_writer);
    run("format_neutral_catches_other_format", test_format_neutral_catches_other_format);
    run("key_order_catches_lookup_by_length", test_key_order_catches_lookup_by_length);
    run("batch_incremental_catches_lost_digit", test_batch_incremental_catches_lost_digit);
    run("fixed_point_catches_dropped_duplicates", test_fixed_point_catches_dropped_duplicates);
    run("fix_chunks_hook_applies", test_fix_chunks_hook_applies);
    run("restrictions_skip_and_count", test_restrictions_skip_and_count);
    run("seeds_decode_to_their_values", test_seeds_decode_to_their_values);
    run("seed_integers_as_doubles", test_seed_integers_as_doubles);
    return finish();
}
