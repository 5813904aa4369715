/* layout — json-c's whitespace flags, on one tree of v:
 *   the text json_object_to_json_string_length prints with drawn
 *   JSON_C_TO_STRING_SPACED / _PRETTY / _PRETTY_TAB is the plain text (the
 *   same NOZERO / NOSLASHESCAPE flags) laid out as json_object.c's printers
 *   lay it out; then the same tree printed plain again is the first plain
 *   text (each print starts from an empty buffer: the tree keeps one and
 *   reuses it).
 * The shared properties never see whitespace (it reads back the same) and
 * print a fresh tree every time. */
#include "jsonc_extra.h"

#include <json-c/json.h>
#include <string.h>

enum { LAYOUT_FLAGS = JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_PRETTY |
                      JSON_C_TO_STRING_PRETTY_TAB };

/* The tree's text in `flags`, copied (the tree's buffer is reused),
 * through the adapter (where a planted-bug build wraps json-c). */
static pf_buf *printed(pf_src *s, const pf_json_case *c, void *tree, int flags)
{
    pf_buf *b = pf_json_scratch(s);
    if (c->suite->lib->write_tree(c->suite->lib, tree, &flags, b) != 0)
        pf_fail(s, NULL, "json-c could not print v", NULL, 0, NULL);
    return b;
}

/* indent() of json_object.c: a tab, or two spaces, per level when pretty. */
static void indent(pf_buf *out, unsigned level, int flags)
{
    if (!(flags & JSON_C_TO_STRING_PRETTY))
        return;
    for (unsigned i = 0; i < level; i++)
        pf_buf_put(out, (flags & JSON_C_TO_STRING_PRETTY_TAB) ? "\t" : "  ",
                   (flags & JSON_C_TO_STRING_PRETTY_TAB) ? 1 : 2);
}

/* What the container printers put before each item or member. */
static void item_start(pf_buf *out, unsigned level, int flags)
{
    if ((flags & JSON_C_TO_STRING_SPACED) && !(flags & JSON_C_TO_STRING_PRETTY))
        pf_buf_putc(out, ' ');
    indent(out, level, flags);
}

/* The plain text (no whitespace outside strings) laid out in `flags` as
 * json_object_object_to_json_string and json_object_array_to_json_string
 * lay it out. */
static void lay_out(const pf_buf *in, int flags, pf_buf *out)
{
    bool pretty = flags & JSON_C_TO_STRING_PRETTY;
    bool spaced_only = (flags & JSON_C_TO_STRING_SPACED) && !pretty;
    unsigned depth = 0;
    pf_json_text_place at = PF_JSON_OUTSIDE;
    for (size_t i = 0; i < in->len; i++) {
        uint8_t ch = in->data[i];
        if (pf_json_text_step(&at, ch) != PF_JSON_OUTSIDE) {
            pf_buf_putc(out, ch);
            continue;
        }
        switch (ch) {
        case '{': case '[':
            pf_buf_putc(out, ch);
            if (pretty)
                pf_buf_putc(out, '\n');
            depth++;
            if (i + 1 < in->len && in->data[i + 1] != '}' && in->data[i + 1] != ']')
                item_start(out, depth, flags);
            break;
        case ',':
            pf_buf_put(out, pretty ? ",\n" : ",", pretty ? 2 : 1);
            item_start(out, depth, flags);
            break;
        case ':':
            pf_buf_put(out, ": ", (flags & JSON_C_TO_STRING_SPACED) ? 2 : 1);
            break;
        case '}': case ']':
            if (depth > 0) /* a broken print may close more than it opened */
                depth--;
            if (pretty && in->data[i - 1] != '{' && in->data[i - 1] != '[')
                pf_buf_putc(out, '\n');
            indent(out, depth, flags);
            if (spaced_only)
                pf_buf_putc(out, ' ');
            pf_buf_putc(out, ch);
            break;
        default: pf_buf_putc(out, ch);
        }
    }
}

void jsonc_layout(pf_src *s, void *in)
{
    const pf_json_case *c = in;
    void *tree = pf_json_tree_of(s, c, c->value);
    pf_span_begin(s, "flags");
    int scalar = 0, layout = 0;
    if (pf_bool(s, "nozero"))
        scalar |= JSON_C_TO_STRING_NOZERO;
    if (pf_bool(s, "noslashescape"))
        scalar |= JSON_C_TO_STRING_NOSLASHESCAPE;
    if (pf_bool(s, "spaced"))
        layout |= JSON_C_TO_STRING_SPACED;
    if (pf_bool(s, "pretty"))
        layout |= JSON_C_TO_STRING_PRETTY;
    if (pf_bool(s, "pretty_tab"))
        layout |= JSON_C_TO_STRING_PRETTY_TAB;
    pf_span_end(s);
    pf_buf *plain = printed(s, c, tree, scalar);
    pf_buf *laid = printed(s, c, tree, scalar | layout);
    pf_buf *want = pf_json_scratch(s);
    lay_out(plain, layout, want);
    pf_check_bytes_equal(s, NULL, "its text of v, drawn layout", laid->data, laid->len,
                         "its plain text laid out", want->data, want->len);
    pf_buf *again = printed(s, c, tree, scalar);
    pf_check_bytes_equal(s, NULL, "the same tree printed plain again", again->data,
                         again->len, "its plain text of v", plain->data, plain->len);
}
