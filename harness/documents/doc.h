/* The parts of the documents target (harness/documents.c, the
 * properties), one concept each:
 *   format.c    labels, month names, money, a growing text buffer
 *   place.c     fonts, the pen, wrapping, paragraphs and fields on pages
 *   table.c     the line-items table (flow or grid)
 *   render.c    sections in order, drawn with cairo's PDF surface
 *   extract.c   MuPDF's structured text, poppler's page text
 *   parse.c     records from extracted text; comparing, printing them
 *   record.c    the strategy: records, stray text, layouts, and inverses
 *   document.c  one document through the pipeline, and its report
 *   seeds.c     the seeds, written as values
 *
 * Each is a translation unit of its own (the Makefile compiles every
 * .c file here beside the harness). This header is what they share;
 * place.h is the placement that place.c, table.c and render.c share,
 * document.h the pipeline of document.c. record.c, document.c and
 * seeds.c use propfuzz; the renderer, the extractors and the parser are
 * plain C over these types (tests/restrict/documents.c uses them without
 * a fuzzer). */
#ifndef DOCUMENTS_DOC_H
#define DOCUMENTS_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    DOC_MAX_ITEMS = 40,   /* line items: enough to fill several pages */
    DOC_TEXT = 512,       /* bytes of one text field, NUL included */
    DOC_PARA = 1280,      /* bytes of one stray paragraph */
    DOC_ID = 48,
    DOC_MAX_QTY = 999,
};
#define DOC_MAX_UNIT INT64_C(9999999) /* cents: 99,999.99 */

/* ------------------------------------------------------------------ */
/* Records: what a correct extraction recovers.                        */
/* ------------------------------------------------------------------ */

typedef struct doc_item {
    char desc[DOC_TEXT]; /* words separated by single spaces */
    uint32_t qty;        /* 1 .. DOC_MAX_QTY */
    int64_t unit, total; /* cents; total = qty * unit when drawn */
    bool has_desc, has_qty, has_unit, has_total;
} doc_item;

typedef struct doc_record {
    char id[DOC_ID];
    uint16_t year;
    uint8_t month, day;
    char customer[DOC_TEXT];
    bool has_id, has_date, has_customer;
    doc_item items[DOC_MAX_ITEMS];
    size_t n_items;
} doc_record;

/* Text in the document that is no record's field. */
typedef struct doc_stray {
    char letterhead[DOC_PARA]; /* page header on page 1 ("" for none) */
    char note[DOC_PARA];       /* a paragraph: a section of its own */
    char extra[DOC_PARA];      /* irrelevant_addition's paragraph */
    uint8_t extra_at;          /* ... drawn before section order[extra_at] */
    bool footer;               /* "Page i of n" at the foot of each page */
} doc_stray;

/* ------------------------------------------------------------------ */
/* Layouts: how a record is drawn. Every field is a small integer so     */
/* that reports print it and the shrinker lowers it.                   */
/* ------------------------------------------------------------------ */

enum doc_section { DOC_SEC_ID, DOC_SEC_DATE, DOC_SEC_CUSTOMER, DOC_SEC_ITEMS,
                   DOC_SEC_NOTE, DOC_N_SECTIONS };
enum doc_font { DOC_FONT_SANS, DOC_FONT_SERIF, DOC_FONT_MONO, DOC_N_FONTS };
enum doc_table { DOC_TABLE_FLOW, DOC_TABLE_GRID, DOC_N_TABLES };
enum doc_sep { DOC_SEP_SPACES, DOC_SEP_GAP, DOC_SEP_PIPES, DOC_N_SEPS };
enum doc_date { DOC_DATE_ISO, DOC_DATE_DMY, DOC_DATE_MDY, DOC_DATE_LONG,
                DOC_N_DATES };
enum doc_currency { DOC_CUR_NONE, DOC_CUR_PREFIX_SYMBOL, DOC_CUR_SUFFIX_SYMBOL,
                    DOC_CUR_PREFIX_CODE, DOC_CUR_SUFFIX_CODE, DOC_N_CURS };
enum { DOC_N_PAGES = 5, DOC_N_LABELS = 3, DOC_N_MONEY = 4, DOC_N_GROUPING = 3 };

typedef struct doc_layout {
    uint8_t page;      /* A4, Letter, A5, A6, receipt */
    uint8_t margin;    /* points */
    uint8_t font;      /* enum doc_font */
    uint8_t size2;     /* font size in half points */
    uint8_t leading;   /* line height in tenths of the font size */
    uint8_t order[DOC_N_SECTIONS]; /* the sections in drawing order */
    uint8_t labels;    /* label set (English, capitals, German) */
    uint8_t date;      /* enum doc_date */
    uint8_t table;     /* enum doc_table */
    uint8_t sep;       /* enum doc_sep: between the cells of a flow row */
    uint8_t spaces;    /* DOC_SEP_SPACES: how many space characters */
    uint8_t gap20;     /* gap between cells or columns, 1/20 em */
    uint8_t wrap;      /* description wrap width, em */
    bool rules;        /* horizontal rules between rows (and columns) */
    bool comma;        /* decimal comma (else point) */
    uint8_t grouping;  /* thousands: none, the other mark, apostrophe */
    uint8_t currency;  /* enum doc_currency */
    uint8_t money;     /* USD, EUR, GBP, JPY */
} doc_layout;

/* Ranges of the layout's integers (the strategy draws inside them). */
enum {
    DOC_MARGIN_MIN = 18, DOC_MARGIN_MAX = 72,
    DOC_SIZE2_MIN = 12, DOC_SIZE2_MAX = 28,       /* 6 .. 14 pt */
    DOC_LEADING_MIN = 12, DOC_LEADING_MAX = 20,
    DOC_SPACES_MAX = 3,
    DOC_GAP_MIN = 4, DOC_GAP_MAX = 60,             /* 0.2 .. 3 em */
    DOC_WRAP_MIN = 6, DOC_WRAP_MAX = 40,
};

/* The words a layout prints around the values (its label set). */
typedef struct doc_labels {
    const char *id, *date, *customer; /* "Invoice no.:" ... */
    const char *head[5];              /* the table's column headers */
    const char *subtotal;             /* ends the table */
    const char *page, *of;            /* the footer: "Page 1 of 2" */
} doc_labels;
const doc_labels *doc_labels_of(const doc_layout *L);
const char *doc_money_code(const doc_layout *L);
const char *doc_money_symbol(const doc_layout *L);
extern const char *const doc_month_names[12];

/* Writes cents as the layout prints money (no currency): "1,234.50". */
void doc_format_amount(const doc_layout *L, int64_t cents, char *out,
                       size_t cap);

/* ------------------------------------------------------------------ */
/* Growing text (extractor output, reports).                           */
/* ------------------------------------------------------------------ */

typedef struct doc_text {
    char *data; /* NUL-terminated; malloc'd */
    size_t len, cap;
} doc_text;
void doc_text_put(doc_text *t, const char *s, size_t n);
void doc_text_puts(doc_text *t, const char *s);
void doc_text_free(doc_text *t);

/* ------------------------------------------------------------------ */
/* Rendering (render.c).                                               */
/* ------------------------------------------------------------------ */

/* Loads the fonts (fonts-dejavu-core, by file through FreeType: the font
 * is fixed, never fontconfig's choice). Returns 0, or -1 with a message. */
int doc_render_init(char *err, size_t cap);
const char *doc_font_file(unsigned font);

/* Whether every gap between two words on a line of the layout is
 * narrower than 0.8 em (a flow table, gaps and runs of spaces under
 * 0.8 em): what poppler's reading order needs to keep lines together
 * (harness R1). */
bool doc_narrow_gaps(const doc_layout *L);

typedef enum doc_fit { DOC_FITS, DOC_TOO_WIDE, DOC_TOO_LONG } doc_fit;

/* What rendering drew: the pages, and whether a line holds only words of
 * one letter (poppler runs such words together: harness R5). */
typedef struct doc_rendered {
    unsigned pages;
    bool one_letter_line;
} doc_rendered;

/* Renders the document: the record's present fields and items, the stray
 * text, in the layout. Appends the PDF to pdf. Returns DOC_FITS, or what
 * kept it from fitting (nothing is drawn then). */
doc_fit doc_render(const doc_record *r, const doc_stray *st,
                   const doc_layout *L, doc_text *pdf, doc_rendered *out);

/* ------------------------------------------------------------------ */
/* Extraction (extract.c) and parsing (parse.c).                       */
/* ------------------------------------------------------------------ */

enum doc_extractor { DOC_MUPDF, DOC_POPPLER, DOC_N_EXTRACTORS };
extern const char *const doc_extractor_names[DOC_N_EXTRACTORS];

int doc_extract_init(void);
/* The text of the first max_pages pages, lines ending in '\n', each page
 * ending in '\f'. Returns 0, or -1 with the library's message in err. */
int doc_extract(enum doc_extractor x, const uint8_t *pdf, size_t len,
                unsigned max_pages, doc_text *out, char *err, size_t cap);

/* Parses extracted text as the layout prints a record (its labels, date
 * and money formats; not its positions, fonts or separators). Returns 0,
 * or -1 with what did not parse in why. */
int doc_parse(const char *text, size_t len, const doc_layout *L,
              doc_record *out, char *why, size_t cap);

/* ------------------------------------------------------------------ */
/* Records compared and printed (parse.c).                             */
/* ------------------------------------------------------------------ */

/* Equal field by field (every format is exact: no tolerance). On a
 * difference, where names it ("items[2].unit"). */
bool doc_record_equal(const doc_record *a, const doc_record *b, char *where,
                      size_t cap);
/* Sorts the items into a canonical order (a set's order). */
void doc_sort_items(doc_record *r);
void doc_print_record(doc_text *out, const doc_record *r);
void doc_print_layout(doc_text *out, const doc_layout *L);

/* ------------------------------------------------------------------ */
/* The strategy (record.c).                                           */
/* ------------------------------------------------------------------ */

/* propfuzz's types, declared again (C11 allows it) so that the parts
 * which do not use propfuzz need not include it. */
typedef struct pf_src pf_src;
typedef struct pf_buf pf_buf;
void doc_draw_item(pf_src *s, doc_item *it);
void doc_draw_record(pf_src *s, doc_record *r);
void doc_enc_record(pf_buf *e, const doc_record *r);
void doc_draw_paragraph(pf_src *s, const char *label, char *out, size_t min,
                        size_t max);
void doc_draw_stray(pf_src *s, doc_stray *st);
void doc_enc_stray(pf_buf *e, const doc_stray *st);
void doc_draw_layout(pf_src *s, const char *label, doc_layout *L);
void doc_enc_layout(pf_buf *e, const doc_layout *L);

#endif
