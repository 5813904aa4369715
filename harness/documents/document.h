/* One document of the documents target through the pipeline (document.c):
 * drawn, rendered, extracted by both libraries and parsed, compared with
 * another, and reported. harness/documents.c (the properties) and
 * seeds.c share it; it uses propfuzz. */
#ifndef DOCUMENTS_DOCUMENT_H
#define DOCUMENTS_DOCUMENT_H

#include "propfuzz.h"

#include "doc.h"

/* The first draw of every input. */
enum mode { MODE_RECORDS, MODE_RAW, N_MODES };

typedef struct extraction {
    doc_text text;
    doc_record rec;
    bool refused;      /* the library did not load the PDF */
    bool unparsed;     /* the parser did not read the text */
    char why[256];
} extraction;

typedef struct document {
    const char *name;  /* "document", "permuted", ... */
    doc_record rec;    /* what was drawn (less what a deletion removed) */
    doc_stray stray;
    doc_layout L;
    doc_text pdf;
    doc_rendered info;
    extraction x[DOC_N_EXTRACTORS];
} document;

/* Loads the fonts and starts MuPDF: the target's init (exits with a
 * message when the fonts are missing). */
void doc_init(void);

/* An empty document named name, its buffers freed when the input ends. */
document *doc_new(pf_src *s, const char *name);
/* A new document with d's record, stray text and layout (not processed). */
document *doc_copy(pf_src *s, const document *d, const char *name);
/* Renders, extracts and parses d. Returns whether the layout fitted. */
bool doc_process(document *d);
/* A variant of the document: processed, or the property skipped (R4). */
void doc_process_variant(pf_src *s, document *v);
/* Skips the rest of the property when poppler is not checked on a or b
 * (b may be NULL): harness R1 and R5. */
void doc_poppler_or_skip(pf_src *s, const document *a, const document *b);

/* Both outcomes alike: refused, unparsed, or the same records (as a set
 * when as_set). On a difference, where names it. */
bool doc_same_outcome(const extraction *a, const extraction *b, bool as_set,
                      char *where, size_t cap);

/* The input being run: a failing document's PDF is named for it. */
void doc_keep_input(const uint8_t *data, size_t size);
/* Fails the property with a report of document a as extractor xa saw it
 * (and of b as xb saw it, when b is not NULL). */
_Noreturn void doc_fail(pf_src *s, const char *summary, const document *a,
                        unsigned xa, const document *b, unsigned xb,
                        const char *where);
/* Text quoted for a report (cut short when long). */
void doc_put_text(pf_buf *b, const doc_text *t);
/* pf_defer's callback for a doc_text. */
void doc_text_release(void *t);

#endif
