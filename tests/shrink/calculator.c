/* calculator: expressions Int(n) | Add(e, e) | Div(e, e), n in [-10, 10],
 * nested at most MAX_DEPTH deep. Precondition: no Div has the literal
 * Int(0) as its divisor. Property: evaluating (int64 arithmetic) never
 * divides by zero -- false for Div(x, Add(Int 1, Int -1)) and the like.
 * Shrinking challenge "calculator" (SmartCheck).
 *
 * Every node is an "expr" span, so a shrinker can replace a subtree by a
 * descendant of the same label.
 *
 * Ideal: Div(Int 0, Add(Int 0, Int 0)) and nothing else. It has the
 * fewest draws a failure can have (8: a Div over a non-literal divisor
 * that is zero needs an Add or Div with two leaves), and among the
 * 8-draw failures it is first in draw order: Add (kind 1) before Div
 * (kind 2) in the divisor, and every Int at 0, the simplest value. */
#include "shrink_bench.h"

enum { MAX_DEPTH = 5, MAX_NODES = 63 }; /* 2^(MAX_DEPTH+1) - 1 */
enum kind { K_INT, K_ADD, K_DIV, N_KINDS };
static const char *const kind_names[N_KINDS] = {"int", "add", "div"};

typedef struct expr {
    enum kind kind;
    int64_t n;                   /* K_INT */
    const struct expr *l, *r;    /* K_ADD, K_DIV */
} expr;

typedef struct value {
    expr nodes[MAX_NODES];
    size_t used;
    const expr *root;
} value;

static const expr *draw_expr(pf_src *s, value *v, unsigned depth)
{
    expr *e = &v->nodes[v->used++]; /* depth cap: never more than MAX_NODES */
    pf_span_begin(s, "expr");
    e->kind = (enum kind)pf_tree_kind(s, "kind", depth, MAX_DEPTH, 1, 2);
    pf_name_values(s, kind_names, N_KINDS);
    if (e->kind == K_INT) {
        e->n = pf_i64_range(s, "int", -10, 10);
    } else {
        e->l = draw_expr(s, v, depth + 1);
        e->r = draw_expr(s, v, depth + 1);
    }
    pf_span_end(s);
    return e;
}

static void draw(pf_src *s, value *v)
{
    v->used = 0;
    v->root = draw_expr(s, v, 0);
}

static bool is_int(const expr *e, int64_t n) { return e->kind == K_INT && e->n == n; }

static bool no_literal_zero_divisor(const expr *e)
{
    if (e->kind == K_INT)
        return true;
    if (e->kind == K_DIV && is_int(e->r, 0))
        return false;
    return no_literal_zero_divisor(e->l) && no_literal_zero_divisor(e->r);
}

/* Evaluates e into *out; false on a division by zero. Values stay within
 * 10 * 2^MAX_DEPTH in magnitude, so nothing overflows. */
static bool eval(const expr *e, int64_t *out)
{
    int64_t a, b;
    if (e->kind == K_INT) {
        *out = e->n;
        return true;
    }
    if (!eval(e->l, &a) || !eval(e->r, &b))
        return false;
    if (e->kind == K_ADD) {
        *out = a + b;
        return true;
    }
    if (b == 0)
        return false;
    *out = a / b;
    return true;
}

static void print_expr(pf_buf *b, const expr *e)
{
    if (e->kind == K_INT) {
        pf_buf_printf(b, "%" PRId64, e->n);
        return;
    }
    pf_buf_printf(b, e->kind == K_ADD ? "Add(" : "Div(");
    print_expr(b, e->l);
    pf_buf_printf(b, ", ");
    print_expr(b, e->r);
    pf_buf_putc(b, ')');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pf_src *s = pf_begin("calculator", data, size);
    value v;
    draw(s, &v);
    int64_t result;
    if (no_literal_zero_divisor(v.root) && !eval(v.root, &result)) {
        pf_buf *b = sb_report_buf();
        print_expr(b, v.root);
        pf_line lines[] = {{"expr", pf_buf_str(b)}};
        pf_fail(s, "calculator", "division by zero", lines, 1, NULL);
    }
    pf_end(s);
    return 0;
}

static void decode(const uint8_t *data, size_t len, value *v)
{
    pf_src *s = pf_begin("calculator", data, len);
    draw(s, v);
    pf_end(s);
}

bool shrink_bench_ideal(const uint8_t *data, size_t len)
{
    value v;
    decode(data, len, &v);
    const expr *e = v.root;
    return e->kind == K_DIV && is_int(e->l, 0) && e->r->kind == K_ADD &&
           is_int(e->r->l, 0) && is_int(e->r->r, 0);
}

void shrink_bench_print(const uint8_t *data, size_t len, pf_buf *out)
{
    value v;
    decode(data, len, &v);
    print_expr(out, v.root);
}

/* Div(Int 0, Add(Int 0, Int 0)), node by node in draw order. */
void shrink_bench_ideal_input(pf_buf *out)
{
    pf_enc_tree_kind(out, 0, MAX_DEPTH, 1, 2, K_DIV);
    pf_enc_tree_kind(out, 1, MAX_DEPTH, 1, 2, K_INT);
    pf_enc_i64_range(out, -10, 10, 0);
    pf_enc_tree_kind(out, 1, MAX_DEPTH, 1, 2, K_ADD);
    for (int i = 0; i < 2; i++) {
        pf_enc_tree_kind(out, 2, MAX_DEPTH, 1, 2, K_INT);
        pf_enc_i64_range(out, -10, 10, 0);
    }
}

const char *shrink_bench_name(void) { return "calculator"; }
int shrink_bench_assert_ideal(void) { return 95; }
