/* The strategy: records, stray text and layouts from the byte stream, and
 * their inverse for seeds. The alphabets below are what keeps a correct
 * extractor able to recover every field (harness/documents.c's header
 * says why each character class is in or out). */
#include "doc.h"
#include "propfuzz.h"

#include <string.h>

/* Letters every DejaVu face (Sans, Serif, Sans Mono) has a glyph for:
 * ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic. Words start with one
 * of them, so no word reads as a number, a marker or a label. */
#define LETTERS                                                              \
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"                   \
    "ÀÁÂÄÅÆÇÈÉÊËÍÎÏÑÒÓÔÖØÙÚÛÜÝßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ"               \
    "ĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĪīİıŁłŃńŇňŐőŒœŘřŚśŞşŠšŢţŤťŰűŸŹźŻżŽž"             \
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώ"               \
    "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"
/* Three combining marks: they follow a word's first character, never
 * start a word, and never repeat (see strip_repeated_marks). */
#define MARKS "\u0301\u0308\u0327"
/* The rest of a description or stray word: no '.', ',', ':', '@', '|',
 * '#' or currency sign (the characters of markers, numbers and labels). */
#define WORD_REST LETTERS "0123456789-/&'()+’*%!?\"µ" MARKS
/* A customer name is the rest of its line: any printable character the
 * fonts have, the awkward ones included. */
#define NAME_FIRST                                                           \
    LETTERS "0123456789.,:;&'’‘“”\"()-–—/\\#!?%*+=<>[]{}~^_`°©®™…·§¶$€£¥@|"
#define NAME_REST NAME_FIRST MARKS
#define ID_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/."

enum { MAX_DESC_WORDS = 8, MAX_NAME_WORDS = 5, MAX_PARA_WORDS = 24,
       MAX_LETTERHEAD_WORDS = 6, MAX_WORD_REST = 15, MAX_NAME_WORD = 24,
       MAX_ID = 16, MAX_ALPHABET = 512 };

typedef struct alphabet {
    const char *utf8;
    uint32_t cps[MAX_ALPHABET];
    size_t n;
} alphabet;

static alphabet g_letters = {LETTERS, {0}, 0}, g_rest = {WORD_REST, {0}, 0},
                g_name = {NAME_FIRST, {0}, 0}, g_name_rest = {NAME_REST, {0}, 0},
                g_id = {ID_CHARS, {0}, 0};

static uint32_t utf8_next(const unsigned char **p)
{
    const unsigned char *s = *p;
    uint32_t c = s[0];
    size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    c &= n == 1 ? 0x7f : (0xff >> (n + 1));
    for (size_t i = 1; i < n; i++)
        c = c << 6 | (s[i] & 0x3f);
    *p = s + n;
    return c;
}

static const alphabet *alpha(alphabet *a)
{
    if (!a->n)
        for (const unsigned char *p = (const unsigned char *)a->utf8; *p;)
            a->cps[a->n++] = utf8_next(&p);
    return a;
}

static pf_text_opts text_opts(alphabet *a, size_t min, size_t max)
{
    const alphabet *x = alpha(a);
    return (pf_text_opts){.min_len = min, .max_len = max, .alphabet = x->cps,
                          .alphabet_len = x->n};
}

/* A combining mark (U+0300-U+036F) that repeats the code point before it
 * is dropped: MuPDF takes a glyph drawn twice at one place for fake bold
 * and keeps one (FINDINGS.md), so such text cannot come back. */
static size_t strip_repeated_marks(char *s, size_t n)
{
    size_t w = 0, prev = SIZE_MAX;
    for (size_t r = 0; r < n;) {
        size_t len = 1;
        while (r + len < n && ((unsigned char)s[r + len] & 0xc0) == 0x80)
            len++;
        bool mark = len == 2 && ((unsigned char)s[r] == 0xcc ||
                                 ((unsigned char)s[r] == 0xcd &&
                                  (unsigned char)s[r + 1] < 0xb0));
        bool repeat = mark && prev != SIZE_MAX && w - prev == len &&
                      memcmp(s + prev, s + r, len) == 0;
        if (!repeat) {
            memmove(s + w, s + r, len);
            prev = w;
            w += len;
        }
        r += len;
    }
    return w;
}

static void append(char *out, size_t cap, const char *s, size_t n)
{
    size_t at = strlen(out);
    if (at + n + 1 <= cap) {
        memcpy(out + at, s, n);
        out[at + n] = 0;
    }
}

/* Words joined by single spaces: a first character from `first`, the
 * rest from `rest` (a name's words draw both from the name alphabet). */
static void draw_words(pf_src *s, const char *label, char *out, size_t cap,
                       size_t min, size_t max, alphabet *first, alphabet *rest,
                       size_t rest_max)
{
    pf_text_opts f = text_opts(first, 1, 1), r = text_opts(rest, 0, rest_max);
    pf_list l;
    size_t n;
    out[0] = 0;
    pf_list_begin(s, &l, label, min, max);
    while (pf_list_more(s, &l)) {
        if (l.count > 1)
            append(out, cap, " ", 1);
        size_t at = strlen(out);
        const char *t = pf_text(s, "first", &f, &n);
        append(out, cap, t, n);
        t = pf_text(s, "rest", &r, &n);
        append(out, cap, t, n);
        out[at + strip_repeated_marks(out + at, strlen(out + at))] = 0;
    }
}

static void enc_words(pf_buf *e, const char *text, size_t min, size_t max,
                      alphabet *first, alphabet *rest, size_t rest_max)
{
    pf_text_opts f = text_opts(first, 1, 1), r = text_opts(rest, 0, rest_max);
    size_t count = 0;
    while (*text) {
        size_t n = strcspn(text, " ");
        const unsigned char *p = (const unsigned char *)text;
        utf8_next(&p);
        size_t head = (size_t)((const char *)p - text);
        if (count++ >= min)
            pf_enc_more(e, true);
        pf_enc_text(e, &f, text, head);
        pf_enc_text(e, &r, text + head, n - head);
        text += n + (text[n] == ' ');
    }
    if (count < max)
        pf_enc_more(e, false);
}

static unsigned days_in(unsigned month, unsigned year)
{
    static const unsigned char days[12] = {31, 28, 31, 30, 31, 30,
                                           31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return days[month - 1] + (month == 2 && leap);
}

void doc_draw_item(pf_src *s, doc_item *it)
{
    memset(it, 0, sizeof *it);
    draw_words(s, "desc", it->desc, sizeof it->desc, 1, MAX_DESC_WORDS,
               &g_letters, &g_rest, MAX_WORD_REST);
    it->qty = (uint32_t)pf_u64_range(s, "qty", 1, DOC_MAX_QTY);
    it->unit = (int64_t)pf_u64_range(s, "unit", 0, DOC_MAX_UNIT);
    it->total = it->qty * it->unit;
    it->has_desc = it->has_qty = it->has_unit = it->has_total = true;
}

void doc_draw_record(pf_src *s, doc_record *r)
{
    memset(r, 0, offsetof(doc_record, items));
    pf_span_begin(s, "record");
    pf_text_opts id = text_opts(&g_id, 1, MAX_ID);
    size_t n;
    const char *t = pf_text(s, "id", &id, &n);
    memcpy(r->id, t, n + 1);
    r->year = (uint16_t)pf_u64_range(s, "year", 1970, 2099);
    r->month = (uint8_t)pf_u64_range(s, "month", 1, 12);
    r->day = (uint8_t)pf_u64_range(s, "day", 1, days_in(r->month, r->year));
    draw_words(s, "customer", r->customer, sizeof r->customer, 1,
               MAX_NAME_WORDS, &g_name, &g_name_rest, MAX_NAME_WORD - 1);
    r->has_id = r->has_date = r->has_customer = true;
    pf_list l;
    pf_list_begin(s, &l, "items", 0, DOC_MAX_ITEMS);
    while (pf_list_more(s, &l))
        doc_draw_item(s, &r->items[l.count - 1]);
    r->n_items = l.count;
    pf_span_end(s);
}

void doc_enc_record(pf_buf *e, const doc_record *r)
{
    pf_text_opts id = text_opts(&g_id, 1, MAX_ID);
    pf_enc_text(e, &id, r->id, strlen(r->id));
    pf_enc_u64_range(e, 1970, 2099, r->year);
    pf_enc_u64_range(e, 1, 12, r->month);
    pf_enc_u64_range(e, 1, days_in(r->month, r->year), r->day);
    enc_words(e, r->customer, 1, MAX_NAME_WORDS, &g_name, &g_name_rest,
              MAX_NAME_WORD - 1);
    for (size_t i = 0; i < r->n_items; i++) {
        const doc_item *it = &r->items[i];
        pf_enc_more(e, true);
        enc_words(e, it->desc, 1, MAX_DESC_WORDS, &g_letters, &g_rest,
                  MAX_WORD_REST);
        pf_enc_u64_range(e, 1, DOC_MAX_QTY, it->qty);
        pf_enc_u64_range(e, 0, DOC_MAX_UNIT, (uint64_t)it->unit);
    }
    if (r->n_items < DOC_MAX_ITEMS)
        pf_enc_more(e, false);
}

/* A stray paragraph: words of the description alphabet (no ':' — so no
 * line of it reads as a label). */
void doc_draw_paragraph(pf_src *s, const char *label, char *out, size_t min,
                        size_t max)
{
    draw_words(s, label, out, DOC_PARA, min, max, &g_letters, &g_rest,
               MAX_WORD_REST);
}

void doc_draw_stray(pf_src *s, doc_stray *st)
{
    memset(st, 0, sizeof *st);
    pf_span_begin(s, "stray");
    doc_draw_paragraph(s, "letterhead", st->letterhead, 0, MAX_LETTERHEAD_WORDS);
    doc_draw_paragraph(s, "note", st->note, 0, MAX_PARA_WORDS);
    st->footer = pf_bool(s, "footer");
    pf_span_end(s);
}

void doc_enc_stray(pf_buf *e, const doc_stray *st)
{
    enc_words(e, st->letterhead, 0, MAX_LETTERHEAD_WORDS, &g_letters, &g_rest,
              MAX_WORD_REST);
    enc_words(e, st->note, 0, MAX_PARA_WORDS, &g_letters, &g_rest,
              MAX_WORD_REST);
    pf_enc_bool(e, st->footer);
}

static uint8_t range(pf_src *s, const char *label, unsigned lo, unsigned hi)
{
    return (uint8_t)pf_u64_range(s, label, lo, hi);
}

void doc_draw_layout(pf_src *s, const char *label, doc_layout *L)
{
    pf_span_begin(s, label);
    L->page = (uint8_t)pf_choice(s, "page", DOC_N_PAGES);
    L->margin = range(s, "margin", DOC_MARGIN_MIN, DOC_MARGIN_MAX);
    L->font = (uint8_t)pf_choice(s, "font", DOC_N_FONTS);
    L->size2 = range(s, "size2", DOC_SIZE2_MIN, DOC_SIZE2_MAX);
    L->leading = range(s, "leading", DOC_LEADING_MIN, DOC_LEADING_MAX);
    size_t order[DOC_N_SECTIONS];
    pf_permutation(s, "order", order, DOC_N_SECTIONS);
    for (size_t i = 0; i < DOC_N_SECTIONS; i++)
        L->order[i] = (uint8_t)order[i];
    L->labels = (uint8_t)pf_choice(s, "labels", DOC_N_LABELS);
    L->date = (uint8_t)pf_choice(s, "date", DOC_N_DATES);
    L->table = (uint8_t)pf_choice(s, "table", DOC_N_TABLES);
    L->sep = (uint8_t)pf_choice(s, "sep", DOC_N_SEPS);
    L->spaces = range(s, "spaces", 0, DOC_SPACES_MAX - 1);
    L->gap20 = range(s, "gap20", DOC_GAP_MIN, DOC_GAP_MAX);
    L->wrap = range(s, "wrap", DOC_WRAP_MIN, DOC_WRAP_MAX);
    L->rules = pf_bool(s, "rules");
    L->comma = pf_bool(s, "comma");
    L->grouping = (uint8_t)pf_choice(s, "grouping", DOC_N_GROUPING);
    L->currency = (uint8_t)pf_choice(s, "currency", DOC_N_CURS);
    L->money = (uint8_t)pf_choice(s, "money", DOC_N_MONEY);
    pf_span_end(s);
}

/* The inverse of pf_permutation: the swap distances that build perm. */
static void enc_permutation(pf_buf *e, const uint8_t *perm, size_t n)
{
    size_t cur[DOC_N_SECTIONS];
    for (size_t i = 0; i < n; i++)
        cur[i] = i;
    for (size_t i = n; i-- > 1;) {
        size_t j = 0;
        while (j < i && cur[j] != perm[i])
            j++;
        pf_enc_u64_range(e, 0, i, i - j);
        size_t t = cur[i];
        cur[i] = cur[j];
        cur[j] = t;
    }
}

void doc_enc_layout(pf_buf *e, const doc_layout *L)
{
    pf_enc_choice(e, DOC_N_PAGES, L->page);
    pf_enc_u64_range(e, DOC_MARGIN_MIN, DOC_MARGIN_MAX, L->margin);
    pf_enc_choice(e, DOC_N_FONTS, L->font);
    pf_enc_u64_range(e, DOC_SIZE2_MIN, DOC_SIZE2_MAX, L->size2);
    pf_enc_u64_range(e, DOC_LEADING_MIN, DOC_LEADING_MAX, L->leading);
    enc_permutation(e, L->order, DOC_N_SECTIONS);
    pf_enc_choice(e, DOC_N_LABELS, L->labels);
    pf_enc_choice(e, DOC_N_DATES, L->date);
    pf_enc_choice(e, DOC_N_TABLES, L->table);
    pf_enc_choice(e, DOC_N_SEPS, L->sep);
    pf_enc_u64_range(e, 0, DOC_SPACES_MAX - 1, L->spaces);
    pf_enc_u64_range(e, DOC_GAP_MIN, DOC_GAP_MAX, L->gap20);
    pf_enc_u64_range(e, DOC_WRAP_MIN, DOC_WRAP_MAX, L->wrap);
    pf_enc_bool(e, L->rules);
    pf_enc_bool(e, L->comma);
    pf_enc_choice(e, DOC_N_GROUPING, L->grouping);
    pf_enc_choice(e, DOC_N_CURS, L->currency);
    pf_enc_choice(e, DOC_N_MONEY, L->money);
}
