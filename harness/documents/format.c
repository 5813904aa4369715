/* What the renderer prints and the parser expects: label sets, month
 * names, money, and a growing text buffer. */
#include "doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each set's first column header holds a character that description and
 * stray words never contain ('.' or '#'), so the table's start cannot be
 * forged by text; every field label ends in ':', which those words never
 * contain either. */
static const doc_labels label_sets[DOC_N_LABELS] = {
    {"Invoice no.:", "Date:", "Customer:",
     {"No.", "Description", "Qty", "Unit", "Total"}, "Subtotal:", "Page", "of"},
    {"INVOICE #:", "DATE:", "BILL TO:",
     {"#", "ITEM", "QTY", "PRICE", "AMOUNT"}, "SUBTOTAL:", "PAGE", "OF"},
    {"Rechnung Nr.:", "Datum:", "Kunde:",
     {"Nr.", "Beschreibung", "Menge", "Preis", "Betrag"}, "Zwischensumme:",
     "Seite", "von"},
};

const doc_labels *doc_labels_of(const doc_layout *L)
{
    return &label_sets[L->labels % DOC_N_LABELS];
}

const char *const doc_month_names[12] = {
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December"};

static const char *const money_codes[DOC_N_MONEY] = {"USD", "EUR", "GBP", "JPY"};
static const char *const money_symbols[DOC_N_MONEY] = {"$", "\u20ac", "\u00a3",
                                                      "\u00a5"};

const char *doc_money_code(const doc_layout *L)
{
    return money_codes[L->money % DOC_N_MONEY];
}

const char *doc_money_symbol(const doc_layout *L)
{
    return money_symbols[L->money % DOC_N_MONEY];
}

/* The thousands mark: none, the other of point and comma, apostrophe. */
static char grouping_mark(const doc_layout *L)
{
    switch (L->grouping % DOC_N_GROUPING) {
    case 1: return L->comma ? '.' : ',';
    case 2: return '\'';
    default: return 0;
    }
}

void doc_format_amount(const doc_layout *L, int64_t cents, char *out,
                       size_t cap)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%lld", (long long)(cents / 100));
    char mark = grouping_mark(L);
    size_t at = 0;
    for (int i = 0; i < n && at + 2 < cap; i++) {
        if (mark && i > 0 && (n - i) % 3 == 0)
            out[at++] = mark;
        out[at++] = digits[i];
    }
    snprintf(out + at, cap - at, "%c%02lld", L->comma ? ',' : '.',
             (long long)(cents % 100));
}

void doc_text_put(doc_text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (t->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(t->data, cap);
        if (!p)
            abort(); /* nothing a fuzz target can do without memory */
        t->data = p;
        t->cap = cap;
    }
    if (n)
        memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = 0;
}

void doc_text_puts(doc_text *t, const char *s) { doc_text_put(t, s, strlen(s)); }

void doc_text_free(doc_text *t)
{
    free(t->data);
    t->data = NULL;
    t->len = t->cap = 0;
}

void doc_print_layout(doc_text *o, const doc_layout *L)
{
    static const char *const pages[DOC_N_PAGES] = {"A4", "Letter", "A5", "A6",
                                                  "receipt"};
    static const char *const fonts[DOC_N_FONTS] = {"DejaVuSans", "DejaVuSerif",
                                                  "DejaVuSansMono"};
    static const char *const sections[DOC_N_SECTIONS] = {
        "id", "date", "customer", "items", "note"};
    static const char *const labels[DOC_N_LABELS] = {"english", "capitals",
                                                    "german"};
    static const char *const dates[DOC_N_DATES] = {"iso", "d.m.y", "m/d/y",
                                                  "long"};
    static const char *const tables[DOC_N_TABLES] = {"flow", "grid"};
    static const char *const seps[DOC_N_SEPS] = {"spaces", "gap", "pipes"};
    static const char *const groups[DOC_N_GROUPING] = {"none", "point/comma",
                                                      "apostrophe"};
    static const char *const curs[DOC_N_CURS] = {
        "none", "prefix symbol", "suffix symbol", "prefix code", "suffix code"};
    char b[512];
    int n = snprintf(b, sizeof b, "page=%s margin=%u font=%s size=%.1fpt "
                     "leading=%.1f order=[", pages[L->page % DOC_N_PAGES],
                     L->margin, fonts[L->font % DOC_N_FONTS], L->size2 / 2.0,
                     L->leading / 10.0);
    for (unsigned i = 0; i < DOC_N_SECTIONS; i++)
        n += snprintf(b + n, sizeof b - (size_t)n, "%s%s", i ? "," : "",
                      sections[L->order[i] % DOC_N_SECTIONS]);
    snprintf(b + n, sizeof b - (size_t)n,
             "] labels=%s date=%s table=%s sep=%s(%u) gap=%.2fem wrap=%uem "
             "rules=%s decimal=%s grouping=%s currency=%s %s",
             labels[L->labels % DOC_N_LABELS], dates[L->date % DOC_N_DATES],
             tables[L->table % DOC_N_TABLES], seps[L->sep % DOC_N_SEPS],
             1 + L->spaces % DOC_SPACES_MAX, L->gap20 / 20.0, L->wrap,
             L->rules ? "yes" : "no", L->comma ? "comma" : "point",
             groups[L->grouping % DOC_N_GROUPING], curs[L->currency % DOC_N_CURS],
             doc_money_code(L));
    doc_text_puts(o, b);
}
