/* Seeds of the documents target, written as values (design §6): each is
 * an invoice, its stray text and a layout, encoded with the strategy's
 * inverse and checked to decode back; raw seeds are PDFs rendered from
 * the first of them (whole, cut short, with a broken cross-reference). */
#include "document.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct seed_item { const char *desc; unsigned qty; int64_t unit; } seed_item;

static const struct seed {
    const char *name, *id;
    unsigned year, month, day;
    const char *customer;
    seed_item items[12];
    const char *letterhead, *note;
    bool footer;
    doc_layout L;
} seeds[] = {
    {"flow-spaces", "INV-1001", 2024, 3, 5, "Zoë O’Brien & Søn",
     {{"Widget large", 3, 1250}, {"Gadget", 10, 105}},
     "ACME Supplies", "Thank you for your business", true,
     {0, 50, DOC_FONT_SANS, 20, 14, {0, 1, 2, 3, 4}, 0, DOC_DATE_ISO,
      DOC_TABLE_FLOW, DOC_SEP_SPACES, 0, 6, 20, false, false, 1,
      DOC_CUR_PREFIX_SYMBOL, 0}},
    {"grid-german", "2024/17", 2023, 12, 31, "Müller-Lüdenscheidt GmbH",
     {{"Schraube M4 verzinkt x100", 2, 499},
      {"Montage vor Ort inklusive Anfahrt und Entsorgung", 1, 18000},
      {"Rabatt", 1, 0}},
     "Werkstatt Nord", "Zahlbar innerhalb von vierzehn Tagen", true,
     {2, 36, DOC_FONT_SERIF, 18, 15, {3, 0, 1, 2, 4}, 2, DOC_DATE_DMY,
      DOC_TABLE_GRID, DOC_SEP_GAP, 0, 20, 14, true, true, 1,
      DOC_CUR_SUFFIX_SYMBOL, 1}},
    {"flow-pipes", "A-77/B", 1999, 2, 28, "“Smith & Sons” Ltd.",
     {{"Tea Earl-Grey", 12, 350}, {"Scones", 24, 125}, {"Jam", 6, 299}},
     "", "Paid with thanks", false,
     {1, 72, DOC_FONT_SANS, 22, 13, {2, 1, 0, 3, 4}, 1, DOC_DATE_MDY,
      DOC_TABLE_FLOW, DOC_SEP_PIPES, 0, 8, 24, true, false, 2,
      DOC_CUR_PREFIX_CODE, 2}},
    {"multipage-gaps", "R-5", 2000, 1, 1, "Åsa Öberg",
     {{"Paper A4 white", 10, 420}, {"Toner black", 2, 6999},
      {"Stapler", 1, 1599}, {"Staples box", 5, 199}, {"Folder blue", 20, 89},
      {"Pens pack x10", 3, 450}, {"Envelopes C5", 100, 12},
      {"Labels", 4, 899}, {"Desk lamp", 1, 3450}, {"Chair mat", 1, 12900},
      {"Shelf", 2, 15000}, {"Whiteboard markers", 8, 175}},
     "Office Depot North", "", true,
     {3, 24, DOC_FONT_SANS, 18, 12, {0, 1, 2, 3, 4}, 0, DOC_DATE_LONG,
      DOC_TABLE_FLOW, DOC_SEP_GAP, 0, 10, 12, false, false, 0,
      DOC_CUR_NONE, 0}},
    {"empty-table-mono", "X1", 2099, 12, 31, "Nobody",
     {{NULL, 0, 0}},
     "", "", false,
     {4, 18, DOC_FONT_MONO, 16, 12, {4, 3, 2, 1, 0}, 1, DOC_DATE_LONG,
      DOC_TABLE_GRID, DOC_SEP_SPACES, 2, 40, 8, false, false, 0,
      DOC_CUR_SUFFIX_CODE, 3}},
    {"greek-cyrillic", "AB-1", 2010, 6, 15, "Δημήτρης Παπαδόπουλος",
     {{"Кофе молотый", 2, 1999}, {"Ελαιόλαδο παρθένο", 1, 1234567}},
     "Αθήνα", "Спасибо за покупку", true,
     {0, 40, DOC_FONT_SERIF, 24, 16, {1, 0, 2, 4, 3}, 0, DOC_DATE_ISO,
      DOC_TABLE_FLOW, DOC_SEP_SPACES, 1, 5, 10, false, true, 2,
      DOC_CUR_PREFIX_SYMBOL, 1}},
};

static void seed_record(const struct seed *sd, doc_record *r, doc_stray *st)
{
    memset(r, 0, sizeof *r);
    memset(st, 0, sizeof *st);
    snprintf(r->id, sizeof r->id, "%s", sd->id);
    r->year = (uint16_t)sd->year, r->month = (uint8_t)sd->month;
    r->day = (uint8_t)sd->day;
    snprintf(r->customer, sizeof r->customer, "%s", sd->customer);
    r->has_id = r->has_date = r->has_customer = true;
    for (size_t i = 0; i < 12 && sd->items[i].desc; i++) {
        doc_item *it = &r->items[r->n_items++];
        snprintf(it->desc, sizeof it->desc, "%s", sd->items[i].desc);
        it->qty = sd->items[i].qty;
        it->unit = sd->items[i].unit;
        it->total = it->qty * it->unit;
        it->has_desc = it->has_qty = it->has_unit = it->has_total = true;
    }
    snprintf(st->letterhead, sizeof st->letterhead, "%s", sd->letterhead);
    snprintf(st->note, sizeof st->note, "%s", sd->note);
    st->footer = sd->footer;
}

/* decode(encode(value)) == value, through the strategy itself. */
static void check_seed(const pf_buf *e, const doc_record *r, const doc_stray *st,
                       const doc_layout *L)
{
    static doc_record r2;
    static doc_stray st2;
    doc_layout L2;
    char where[64];
    pf_src *s = pf_begin("documents", e->data, e->len);
    PF_ASSERT(s, pf_choice(s, "mode", N_MODES) == MODE_RECORDS);
    doc_draw_record(s, &r2);
    doc_draw_stray(s, &st2);
    doc_draw_layout(s, "layout", &L2);
    if (!doc_record_equal(&r2, r, where, sizeof where))
        fprintf(stderr, "seed differs at %s\n", where);
    PF_ASSERT(s, doc_record_equal(&r2, r, where, sizeof where));
    PF_ASSERT(s, strcmp(st2.letterhead, st->letterhead) == 0 &&
                     strcmp(st2.note, st->note) == 0 && st2.footer == st->footer);
    PF_ASSERT(s, memcmp(&L2, L, sizeof L2) == 0);
    PF_ASSERT(s, !pf_overrun(s) && pf_offset(s) == e->len);
    pf_end(s);
}

static void emit_raw(void (*emit)(const char *, const uint8_t *, size_t),
                     const char *name, const char *pdf, size_t len)
{
    pf_buf e = {0};
    pf_enc_choice(&e, N_MODES, MODE_RAW);
    pf_buf_put(&e, pdf, len);
    emit(name, e.data, e.len);
    pf_buf_free(&e);
}

void pf_target_seeds(void (*emit)(const char *name, const uint8_t *data,
                                  size_t len))
{
    static doc_record r;
    static doc_stray st;
    doc_init();
    for (size_t i = 0; i < PF_LEN(seeds); i++) {
        seed_record(&seeds[i], &r, &st);
        pf_buf e = {0};
        pf_enc_choice(&e, N_MODES, MODE_RECORDS);
        doc_enc_record(&e, &r);
        doc_enc_stray(&e, &st);
        doc_enc_layout(&e, &seeds[i].L);
        check_seed(&e, &r, &st, &seeds[i].L);
        emit(seeds[i].name, e.data, e.len);
        pf_buf_free(&e);
    }
    doc_text pdf = {0};
    doc_rendered info;
    seed_record(&seeds[0], &r, &st);
    if (doc_render(&r, &st, &seeds[0].L, &pdf, &info) != DOC_FITS)
        abort(); /* the first seed's layout must fit */
    emit_raw(emit, "raw-invoice", pdf.data, pdf.len);
    emit_raw(emit, "raw-cut-short", pdf.data, pdf.len / 2);
    char *xref = strstr(pdf.data, "startxref");
    if (xref)
        xref[10] = '9'; /* the offset now points into the middle of nowhere */
    emit_raw(emit, "raw-broken-xref", pdf.data, pdf.len);
    doc_text_free(&pdf);
}
