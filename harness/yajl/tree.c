/* tree — yajl_tree_parse of yajl_gen's text of v holds v as yajl_tree.h
 * describes it: every node of v's type, in v's order; an integer's number
 * node both YAJL_IS_INTEGER and YAJL_IS_DOUBLE (its text is both), its
 * long long v's, its text (u.number.r) v's decimal digits and its double
 * the integer's nearest; a double's node YAJL_IS_DOUBLE only (yajl_gen
 * writes a point or an exponent; Y7: not for a subnormal), its double
 * v's bit for bit; strings
 * and keys as C strings (Y4: up to a U+0000). And a text yajl refuses
 * (v's text followed by a drawn token, or cut after a member's colon)
 * gives NULL and yajl's message in the caller's error buffer, leaking
 * nothing. key_order compares yajl_tree lookups of two
 * texts with each other, which cannot see a node that is wrong in both. */
#include "yajl_extra.h"
#include "json_adapters.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <yajl/yajl_tree.h>

static void fail_node(pf_src *s, const pf_json_case *c, const pf_json *want,
                      const char *what, pf_path *path)
{
    pf_line lines[] = {{"v", pf_json_show(c->pool, c->value)},
                       {"node", path->len ? path->text : "the root"},
                       {"v there", pf_json_show(c->pool, want)},
                       {"yajl_tree", what}};
    pf_fail(s, NULL, "yajl_tree does not hold v as yajl_tree.h describes it", lines,
            PF_LEN(lines), NULL);
}

/* The bytes of s up to its first NUL (Y4), as yajl_tree keeps them. */
static bool same_c_string(const char *got, const char *s, size_t n)
{
    const char *nul = memchr(s, 0, n);
    size_t len = nul ? (size_t)(nul - s) : n;
    return strlen(got) == len && memcmp(got, s, len) == 0;
}

static void check_number(pf_src *s, const pf_json_case *c, yajl_val node,
                         const pf_json *want, pf_path *path)
{
    if (want->type == PF_JSON_INT) {
        char digits[24];
        snprintf(digits, sizeof digits, "%lld", (long long)want->v.i);
        if (!YAJL_IS_INTEGER(node) || !YAJL_IS_DOUBLE(node) ||
            YAJL_GET_INTEGER(node) != want->v.i || node->u.number.d != (double)want->v.i ||
            strcmp(YAJL_GET_NUMBER(node), digits) != 0)
            fail_node(s, c, want, "an integer node that is not v's integer and its double", path);
        return;
    }
    bool subnormal = fpclassify(want->v.d) == FP_SUBNORMAL; /* Y7 */
    if (YAJL_IS_INTEGER(node) || YAJL_IS_DOUBLE(node) == subnormal ||
        memcmp(&node->u.number.d, &want->v.d, sizeof(double)) != 0)
        fail_node(s, c, want, "a double node that is not v's double alone", path);
}

static void check_node(pf_src *s, const pf_json_case *c, yajl_val node,
                       const pf_json *want, pf_path *path)
{
    bool ok = true;
    switch (want->type) {
    case PF_JSON_NULL: ok = YAJL_IS_NULL(node); break;
    case PF_JSON_BOOL: ok = want->v.b ? YAJL_IS_TRUE(node) : YAJL_IS_FALSE(node); break;
    case PF_JSON_INT:
    case PF_JSON_DOUBLE:
        if (!YAJL_IS_NUMBER(node))
            break;
        check_number(s, c, node, want, path);
        return;
    case PF_JSON_STRING:
        ok = YAJL_IS_STRING(node) && same_c_string(node->u.string, want->v.s, want->n);
        break;
    case PF_JSON_ARRAY:
        ok = YAJL_IS_ARRAY(node) && node->u.array.len == want->n;
        for (size_t i = 0; ok && i < want->n; i++) {
            size_t at = path->len;
            pf_path_index(path, i);
            check_node(s, c, node->u.array.values[i], want->v.items[i], path);
            pf_path_pop(path, at);
        }
        break;
    default:
        ok = YAJL_IS_OBJECT(node) && node->u.object.len == want->n;
        for (size_t i = 0; ok && i < want->n; i++) {
            const pf_json_member *m = &want->v.members[i];
            size_t at = path->len;
            pf_path_key(path, (const uint8_t *)m->key, m->key_len);
            if (!same_c_string(node->u.object.keys[i], m->key, m->key_len))
                fail_node(s, c, want, "a key that is not v's, or not in v's order", path);
            check_node(s, c, node->u.object.values[i], m->value, path);
            pf_path_pop(path, at);
        }
    }
    if (!ok)
        fail_node(s, c, want, "a node of another type or size", path);
}

/* yajl_tree_parse refuses text: NULL, and `says` in the error buffer. */
static void expect_tree_refuses(pf_src *s, const pf_json_case *c, pf_buf *text,
                                const char *says)
{
    char error[256];
    yajl_val tree = yajl_tree_parse(pf_buf_str(text), error, sizeof error);
    if (tree || !strstr(error, says)) {
        yajl_tree_free(tree);
        pf_line lines[] = {{"text", pf_json_show_text(c, text)},
                           {"yajl_tree_parse", tree ? "a tree" : "NULL"},
                           {"error buffer", error},
                           {"expected", says}};
        pf_fail(s, NULL, "yajl_tree_parse did not refuse a text with its message", lines,
                PF_LEN(lines), NULL);
    }
}

/* v's text with a drawn token after it, and (when v has an object member)
 * cut right after a drawn member's colon, where yajl_tree holds the key
 * it has not used yet. */
static void check_refusals(pf_src *s, const pf_json_case *c)
{
    static const char *const tails[] = {" x", " ]", " 1", " {", " ,"};
    pf_buf *text = yajl_plain_text(s, c);
    size_t colons[64], n = 0;
    pf_json_text_place at = PF_JSON_OUTSIDE;
    for (size_t i = 0; i < text->len && n < PF_LEN(colons); i++)
        if (pf_json_text_step(&at, text->data[i]) == PF_JSON_OUTSIDE && text->data[i] == ':')
            colons[n++] = i + 1;
    if (n > 0) {
        pf_buf *cut = pf_json_scratch(s);
        pf_buf_put(cut, text->data, colons[pf_choice(s, "cut", n)]);
        expect_tree_refuses(s, c, cut, "premature EOF");
    }
    const char *tail = tails[pf_choice(s, "tail", PF_LEN(tails))];
    pf_buf_put(text, tail, strlen(tail));
    expect_tree_refuses(s, c, text, "trailing garbage");
}

void yajl_tree_holds(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    yajl_val tree = pf_json_tree_of(s, c, c->value);
    pf_path path = {0};
    check_node(s, c, tree, c->value, &path);
    check_refusals(s, c);
}
