/* The extractors: MuPDF's structured text (blocks, lines, characters, in
 * the order MuPDF builds them) and poppler's page text (its reading
 * order), both loading the PDF from memory. One MuPDF context lives for
 * the process, its store emptied after each document; each call opens
 * and drops its own document. */
#include "doc.h"

#include <mupdf/fitz.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>

/* A planted-bug build (tests/planted/documents/<property>.h) wraps
 * fz_new_stext_page_from_page or poppler_page_get_text, which only this
 * part calls: here, after the libraries' headers. */
#ifdef PF_PLANT
#include PF_PLANT
#endif

const char *const doc_extractor_names[DOC_N_EXTRACTORS] = {"mupdf", "poppler"};

static fz_context *g_ctx;

static void quiet(void *user, const char *message)
{
    (void)user;
    (void)message;
}

int doc_extract_init(void)
{
    if (g_ctx)
        return 0;
    g_ctx = fz_new_context(NULL, NULL, FZ_STORE_DEFAULT);
    if (!g_ctx)
        return -1;
    /* Broken input is what raw mode feeds: its warnings are no news. */
    fz_set_warning_callback(g_ctx, quiet, NULL);
    fz_set_error_callback(g_ctx, quiet, NULL);
    fz_register_document_handlers(g_ctx);
    return 0;
}

static void put_rune(doc_text *out, int c)
{
    char u[FZ_UTFMAX];
    doc_text_put(out, u, (size_t)fz_runetochar(u, c));
}

static void put_stext(doc_text *out, const fz_stext_page *sp)
{
    for (fz_stext_block *b = sp->first_block; b; b = b->next) {
        if (b->type != FZ_STEXT_BLOCK_TEXT)
            continue;
        for (fz_stext_line *l = b->u.t.first_line; l; l = l->next) {
            for (fz_stext_char *ch = l->first_char; ch; ch = ch->next)
                put_rune(out, ch->c);
            doc_text_put(out, "\n", 1);
        }
    }
    doc_text_put(out, "\f", 1);
}

static int mupdf_text(const uint8_t *pdf, size_t len, unsigned max_pages,
                      doc_text *out, char *err, size_t cap)
{
    fz_context *ctx = g_ctx;
    fz_stream *volatile stm = NULL;
    fz_document *volatile doc = NULL;
    fz_page *volatile page = NULL;
    fz_stext_page *volatile sp = NULL;
    int rc = 0;
    fz_try(ctx) {
        stm = fz_open_memory(ctx, pdf, len);
        doc = fz_open_document_with_stream(ctx, "application/pdf", stm);
        int n = fz_count_pages(ctx, doc);
        fz_stext_options opts = {0};
        for (int i = 0; i < n && i < (int)max_pages; i++) {
            page = fz_load_page(ctx, doc, i);
            sp = fz_new_stext_page_from_page(ctx, page, &opts);
            put_stext(out, sp);
            fz_drop_stext_page(ctx, sp);
            sp = NULL;
            fz_drop_page(ctx, page);
            page = NULL;
        }
    }
    fz_always(ctx) {
        /* Only what exists: MuPDF's drops take &NULL->refs for NULL,
         * which UBSan reports (FINDINGS.md). */
        if (sp)
            fz_drop_stext_page(ctx, sp);
        if (page)
            fz_drop_page(ctx, page);
        if (doc)
            fz_drop_document(ctx, doc);
        if (stm)
            fz_drop_stream(ctx, stm);
        /* Nothing of this document stays cached for the next one: each
         * input starts from the same state, and memory does not grow. */
        fz_empty_store(ctx);
    }
    fz_catch(ctx) {
        snprintf(err, cap, "%s", fz_caught_message(ctx));
        rc = -1;
    }
    return rc;
}

static int poppler_text(const uint8_t *pdf, size_t len, unsigned max_pages,
                        doc_text *out, char *err, size_t cap)
{
    GBytes *bytes = g_bytes_new_static(pdf, len);
    GError *e = NULL;
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &e);
    if (!doc) {
        snprintf(err, cap, "%s", e ? e->message : "refused");
        if (e)
            g_error_free(e);
        g_bytes_unref(bytes);
        return -1;
    }
    int n = poppler_document_get_n_pages(doc);
    for (int i = 0; i < n && i < (int)max_pages; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        if (!page)
            continue;
        char *text = poppler_page_get_text(page);
        if (text) {
            doc_text_puts(out, text);
            /* Lines end in '\n' but the page's last one. */
            if (*text && text[strlen(text) - 1] != '\n')
                doc_text_put(out, "\n", 1);
        }
        doc_text_put(out, "\f", 1);
        g_free(text);
        g_object_unref(page);
    }
    g_object_unref(doc);
    g_bytes_unref(bytes);
    return 0;
}

int doc_extract(enum doc_extractor x, const uint8_t *pdf, size_t len,
                unsigned max_pages, doc_text *out, char *err, size_t cap)
{
    doc_text_put(out, "", 0); /* never NULL, even when empty */
    if (x == DOC_MUPDF)
        return mupdf_text(pdf, len, max_pages, out, err, cap);
    return poppler_text(pdf, len, max_pages, out, err, cap);
}
