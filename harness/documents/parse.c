/* The parser: records from extracted text, knowing the layout's labels,
 * date and money formats, never its geometry. Extractors differ in how
 * they cut a page into lines (MuPDF starts a new line at a wide gap,
 * poppler's reading order may join or split cells), so only labelled
 * fields are read by line; the table is read as a stream of words:
 *   - a field is the rest of the line its label starts;
 *   - the table runs from its column headers (five words in a row) to the
 *     subtotal label; footers ("Page 1 of 2") and pipes are dropped first;
 *   - each row starts at its marker ("3."): after it, a whole number is
 *     the quantity, "@" and money the unit price, money alone the total,
 *     and every other word (on any line) the description, in order.
 * The strategy keeps every word of a description or of stray text from
 * looking like a marker, a number, a label or a currency sign. */
#include "doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tok { const char *p; size_t n; } tok;

enum { N_HEAD = 5 };

typedef struct parser {
    const doc_layout *L;
    const doc_labels *lab;
    char *buf;              /* the text, lines normalised in place */
    char **lines;
    size_t n_lines;
    tok *toks;              /* the words of the lines that are no field */
    size_t n_toks;
    char *why;
    size_t cap;
} parser;

static bool tok_is(tok t, const char *s)
{
    return t.n == strlen(s) && memcmp(t.p, s, t.n) == 0;
}

static bool all_digits(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] < '0' || p[i] > '9')
            return false;
    return n > 0;
}

/* Splits at '\n' and '\f', turns tabs into spaces, collapses runs of
 * spaces and trims: what every extractor's lines have in common. */
static void split_lines(parser *ps)
{
    char *p = ps->buf;
    while (*p) {
        char *end = p + strcspn(p, "\n\f");
        bool last = *end == 0;
        *end = 0;
        char *w = p;
        for (char *r = p; *r; r++) {
            char c = *r == '\t' ? ' ' : *r;
            if (c == ' ' && (w == p || w[-1] == ' '))
                continue;
            *w++ = c;
        }
        while (w > p && w[-1] == ' ')
            w--;
        *w = 0;
        if (*p)
            ps->lines[ps->n_lines++] = p;
        if (last)
            break;
        p = end + 1;
    }
}

static bool is_footer(const parser *ps, const char *line)
{
    char page[32], of[32];
    unsigned a, b;
    int used = 0;
    if (sscanf(line, "%31s %u %31s %u%n", page, &a, of, &b, &used) != 4 ||
        line[used] != 0)
        return false;
    return strcmp(page, ps->lab->page) == 0 && strcmp(of, ps->lab->of) == 0;
}

/* Says what did not parse, and where (arg, n: the text at fault). */
static int fail(parser *ps, const char *what, const char *arg, size_t n)
{
    if (arg)
        snprintf(ps->why, ps->cap, "%s: \"%.*s\"", what, (int)(n < 80 ? n : 80), arg);
    else
        snprintf(ps->why, ps->cap, "%s", what);
    return -1;
}

/* ------------------------------------------------------------------ */
/* Labelled fields.                                                    */
/* ------------------------------------------------------------------ */

static bool parse_date(const char *v, const doc_layout *L, doc_record *r)
{
    unsigned y = 0, m = 0, d = 0;
    int used = 0;
    char month[16];
    switch (L->date % DOC_N_DATES) {
    case DOC_DATE_DMY: sscanf(v, "%2u.%2u.%4u%n", &d, &m, &y, &used); break;
    case DOC_DATE_MDY: sscanf(v, "%2u/%2u/%4u%n", &m, &d, &y, &used); break;
    case DOC_DATE_LONG:
        if (sscanf(v, "%2u %15s %4u%n", &d, month, &y, &used) == 3)
            for (m = 1; m <= 12 && strcmp(month, doc_month_names[m - 1]); m++)
                ;
        break;
    default: sscanf(v, "%4u-%2u-%2u%n", &y, &m, &d, &used);
    }
    if (used == 0 || v[used] || m < 1 || m > 12 || d < 1 || d > 31 || y > 9999)
        return false;
    r->year = (uint16_t)y, r->month = (uint8_t)m, r->day = (uint8_t)d;
    return true;
}

/* The value after a label at the start of a line, or NULL. */
static const char *after_label(const char *line, const char *label)
{
    size_t n = strlen(label);
    if (strncmp(line, label, n) != 0 || (line[n] != ' ' && line[n] != 0))
        return NULL;
    return line + n + (line[n] == ' ');
}

static int parse_fields(parser *ps, doc_record *r, bool *field_line)
{
    for (size_t i = 0; i < ps->n_lines; i++) {
        const char *line = ps->lines[i], *v;
        bool *has = NULL;
        if ((v = after_label(line, ps->lab->id))) {
            has = &r->has_id;
            if (!*has)
                snprintf(r->id, sizeof r->id, "%s", v);
        } else if ((v = after_label(line, ps->lab->date))) {
            has = &r->has_date;
            if (!*has && !parse_date(v, ps->L, r))
                return fail(ps, "the date does not parse", v, strlen(v));
        } else if ((v = after_label(line, ps->lab->customer))) {
            has = &r->has_customer;
            if (!*has)
                snprintf(r->customer, sizeof r->customer, "%s", v);
        }
        if (!has)
            continue;
        if (*has)
            return fail(ps, "a field's label appears twice", line,
                        strlen(line));
        *has = field_line[i] = true;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Money and the table.                                                */
/* ------------------------------------------------------------------ */

/* An amount exactly as the layout writes it ("1.234,50"), in cents:
 * groups of three after the first when the layout groups, no leading
 * zero but "0,50". */
static bool parse_amount(tok t, const doc_layout *L, int64_t *cents)
{
    char dec = L->comma ? ',' : '.', mark = 0;
    switch (L->grouping % DOC_N_GROUPING) {
    case 1: mark = L->comma ? '.' : ','; break;
    case 2: mark = '\''; break;
    }
    if (t.n < 4 || t.p[t.n - 3] != dec || !all_digits(t.p + t.n - 2, 2))
        return false;
    size_t n = t.n - 3, group = 0, groups = 0;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = t.p[i];
        if (mark && c == mark) {
            if (group == 0 || group > 3 || (groups > 0 && group != 3))
                return false;
            groups++, group = 0;
            continue;
        }
        if (c < '0' || c > '9' || v > INT64_C(1000000000000))
            return false;
        v = v * 10 + (c - '0');
        group++;
    }
    if (group == 0 || (groups > 0 && group != 3) ||
        (mark && groups == 0 && group > 3) || (t.p[0] == '0' && n > 1))
        return false;
    *cents = v * 100 + (t.p[t.n - 2] - '0') * 10 + (t.p[t.n - 1] - '0');
    return true;
}

/* Money at toks[i] (with its currency as the layout places it): returns
 * the tokens it takes, 0 if none. */
static size_t parse_money(const parser *ps, size_t i, size_t end,
                          int64_t *cents)
{
    const doc_layout *L = ps->L;
    tok t = ps->toks[i];
    const char *sym = doc_money_symbol(L), *code = doc_money_code(L);
    bool next = i + 1 < end;
    switch (L->currency % DOC_N_CURS) {
    case DOC_CUR_PREFIX_SYMBOL: {
        size_t n = strlen(sym);
        if (t.n <= n || memcmp(t.p, sym, n) != 0)
            return 0;
        return parse_amount((tok){t.p + n, t.n - n}, L, cents) ? 1 : 0;
    }
    case DOC_CUR_SUFFIX_SYMBOL:
        return next && tok_is(ps->toks[i + 1], sym) && parse_amount(t, L, cents) ? 2 : 0;
    case DOC_CUR_PREFIX_CODE:
        return next && tok_is(t, code) && parse_amount(ps->toks[i + 1], L, cents) ? 2 : 0;
    case DOC_CUR_SUFFIX_CODE:
        return next && tok_is(ps->toks[i + 1], code) && parse_amount(t, L, cents) ? 2 : 0;
    default:
        return parse_amount(t, L, cents) ? 1 : 0;
    }
}

static bool is_marker(tok t, size_t *pos)
{
    if (t.n < 2 || t.p[t.n - 1] != '.' || t.p[0] == '0' || !all_digits(t.p, t.n - 1) || t.n > 8)
        return false;
    *pos = (size_t)strtoul(t.p, NULL, 10);
    return true;
}

static void add_word(doc_item *it, tok t)
{
    size_t at = strlen(it->desc);
    if (at + t.n + 2 > sizeof it->desc)
        return;
    if (at)
        it->desc[at++] = ' ';
    memcpy(it->desc + at, t.p, t.n);
    it->desc[at + t.n] = 0;
    it->has_desc = true;
}

static int parse_row(parser *ps, size_t from, size_t end, doc_item *it)
{
    memset(it, 0, sizeof *it);
    for (size_t i = from; i < end;) {
        tok t = ps->toks[i];
        int64_t cents;
        size_t used;
        bool *has = NULL;
        if (tok_is(t, "@") && i + 1 < end && (used = parse_money(ps, i + 1, end, &cents))) {
            has = &it->has_unit, it->unit = cents, used++;
        } else if ((used = parse_money(ps, i, end, &cents))) {
            has = &it->has_total, it->total = cents;
        } else if (t.n <= 3 && all_digits(t.p, t.n) && t.p[0] != '0') {
            has = &it->has_qty, used = 1;
            it->qty = (uint32_t)strtoul(t.p, NULL, 10);
        } else {
            add_word(it, t);
            i++;
            continue;
        }
        if (*has)
            return fail(ps, "a row has two quantities, unit prices or totals", t.p, t.n);
        *has = true;
        i += used;
    }
    return 0;
}

/* The table's start: its five column headers as consecutive words. */
static size_t find_head(const parser *ps, size_t from)
{
    for (size_t i = from; i + N_HEAD <= ps->n_toks; i++) {
        size_t k = 0;
        while (k < N_HEAD && tok_is(ps->toks[i + k], ps->lab->head[k]))
            k++;
        if (k == N_HEAD)
            return i;
    }
    return SIZE_MAX;
}

static int parse_table(parser *ps, doc_record *r)
{
    size_t head = find_head(ps, 0), end = head;
    if (head == SIZE_MAX)
        return fail(ps, "no table header", NULL, 0);
    if (find_head(ps, head + 1) != SIZE_MAX)
        return fail(ps, "two table headers", NULL, 0);
    while (end < ps->n_toks && !tok_is(ps->toks[end], ps->lab->subtotal))
        end++;
    if (end == ps->n_toks)
        return fail(ps, "no subtotal after the table", NULL, 0);
    size_t at = head + N_HEAD, pos;
    if (at < end && !is_marker(ps->toks[at], &pos))
        return fail(ps, "text before the first row", ps->toks[at].p,
                    ps->toks[at].n);
    while (at < end) {
        is_marker(ps->toks[at], &pos);
        if (pos != r->n_items + 1 || r->n_items == DOC_MAX_ITEMS)
            return fail(ps, "rows out of order at marker", ps->toks[at].p,
                        ps->toks[at].n);
        size_t next = at + 1, p2;
        while (next < end && !is_marker(ps->toks[next], &p2))
            next++;
        if (parse_row(ps, at + 1, next, &r->items[r->n_items]) != 0)
            return -1;
        r->n_items++;
        at = next;
    }
    return 0;
}

/* The words of every line that is no field and no footer; pipes
 * separate cells and are no words. */
static void tokenize(parser *ps, const bool *skip)
{
    for (size_t i = 0; i < ps->n_lines; i++) {
        if (skip[i])
            continue;
        for (char *p = ps->lines[i]; *p;) {
            size_t n = strcspn(p, " ");
            if (!(n == 1 && *p == '|'))
                ps->toks[ps->n_toks++] = (tok){p, n};
            p += n + (p[n] == ' ');
        }
    }
}

int doc_parse(const char *text, size_t len, const doc_layout *L,
              doc_record *out, char *why, size_t cap)
{
    parser ps = {.L = L, .lab = doc_labels_of(L), .why = why, .cap = cap};
    memset(out, 0, offsetof(doc_record, items));
    out->n_items = 0;
    ps.buf = malloc(len + 1);
    ps.lines = malloc((len + 1) * sizeof *ps.lines);
    ps.toks = malloc((len / 2 + 1) * sizeof *ps.toks);
    bool *skip = calloc(len + 1, sizeof *skip);
    if (!ps.buf || !ps.lines || !ps.toks || !skip)
        abort(); /* nothing a fuzz target can do without memory */
    memcpy(ps.buf, text, len);
    ps.buf[len] = 0;
    split_lines(&ps);
    for (size_t i = 0; i < ps.n_lines; i++)
        skip[i] = is_footer(&ps, ps.lines[i]);
    int rc = parse_fields(&ps, out, skip);
    if (rc == 0) {
        tokenize(&ps, skip);
        rc = parse_table(&ps, out);
    }
    free(skip);
    free(ps.toks);
    free(ps.lines);
    free(ps.buf);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Comparing and printing records.                                     */
/* ------------------------------------------------------------------ */

static bool differ(char *where, size_t cap, const char *what, size_t i)
{
    if (i == SIZE_MAX)
        snprintf(where, cap, "%s", what);
    else
        snprintf(where, cap, "items[%zu].%s", i, what);
    return false;
}

static bool item_equal(const doc_item *a, const doc_item *b, size_t i,
                       char *where, size_t cap)
{
    if (a->has_desc != b->has_desc || (a->has_desc && strcmp(a->desc, b->desc)))
        return differ(where, cap, "desc", i);
    if (a->has_qty != b->has_qty || (a->has_qty && a->qty != b->qty))
        return differ(where, cap, "qty", i);
    if (a->has_unit != b->has_unit || (a->has_unit && a->unit != b->unit))
        return differ(where, cap, "unit", i);
    if (a->has_total != b->has_total || (a->has_total && a->total != b->total))
        return differ(where, cap, "total", i);
    return true;
}

bool doc_record_equal(const doc_record *a, const doc_record *b, char *where,
                      size_t cap)
{
    if (a->has_id != b->has_id || (a->has_id && strcmp(a->id, b->id)))
        return differ(where, cap, "id", SIZE_MAX);
    if (a->has_date != b->has_date ||
        (a->has_date && (a->year != b->year || a->month != b->month ||
                         a->day != b->day)))
        return differ(where, cap, "date", SIZE_MAX);
    if (a->has_customer != b->has_customer ||
        (a->has_customer && strcmp(a->customer, b->customer)))
        return differ(where, cap, "customer", SIZE_MAX);
    size_t n = a->n_items < b->n_items ? a->n_items : b->n_items;
    for (size_t i = 0; i < n; i++)
        if (!item_equal(&a->items[i], &b->items[i], i, where, cap))
            return false;
    if (a->n_items != b->n_items)
        return differ(where, cap, "items (count)", SIZE_MAX);
    return true;
}

static int item_order(const void *x, const void *y)
{
    const doc_item *a = x, *b = y;
    int c = strcmp(a->desc, b->desc);
    if (c)
        return c;
    if (a->qty != b->qty)
        return a->qty < b->qty ? -1 : 1;
    if (a->unit != b->unit)
        return a->unit < b->unit ? -1 : 1;
    return a->total < b->total ? -1 : a->total > b->total;
}

void doc_sort_items(doc_record *r)
{
    qsort(r->items, r->n_items, sizeof r->items[0], item_order);
}

static void put_quoted(doc_text *o, const char *s)
{
    doc_text_put(o, "\"", 1);
    for (; *s; s++) {
        char esc[8];
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c < 0x20)
            snprintf(esc, sizeof esc, "\\x%02x", c);
        else
            esc[0] = (char)c, esc[1] = 0;
        doc_text_puts(o, esc);
    }
    doc_text_put(o, "\"", 1);
}

static void put_cents(doc_text *o, bool has, int64_t v)
{
    char b[32];
    if (has)
        snprintf(b, sizeof b, "%lld.%02lld", (long long)(v / 100), (long long)(v % 100));
    doc_text_puts(o, has ? b : "(absent)");
}

static void put_field(doc_text *o, const char *name, bool has, const char *v)
{
    doc_text_puts(o, name);
    if (has)
        put_quoted(o, v);
    else
        doc_text_puts(o, "(absent)");
}

void doc_print_record(doc_text *o, const doc_record *r)
{
    char b[64];
    put_field(o, "id=", r->has_id, r->id);
    snprintf(b, sizeof b, "%04u-%02u-%02u", r->year, r->month, r->day);
    doc_text_puts(o, " date=");
    doc_text_puts(o, r->has_date ? b : "(absent)");
    put_field(o, " customer=", r->has_customer, r->customer);
    snprintf(b, sizeof b, " items=%zu", r->n_items);
    doc_text_puts(o, b);
    for (size_t i = 0; i < r->n_items; i++) {
        const doc_item *it = &r->items[i];
        snprintf(b, sizeof b, "\n      [%zu]", i);
        doc_text_puts(o, b);
        put_field(o, " desc=", it->has_desc, it->desc);
        snprintf(b, sizeof b, "%u", it->qty);
        doc_text_puts(o, " qty=");
        doc_text_puts(o, it->has_qty ? b : "(absent)");
        doc_text_puts(o, " unit=");
        put_cents(o, it->has_unit, it->unit);
        doc_text_puts(o, " total=");
        put_cents(o, it->has_total, it->total);
    }
}
