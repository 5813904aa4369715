/* csv's layouts (see csv_target.h): delimiter, quote character, quoting,
 * line ends and the parser's settings, with their draw, inverse and
 * report text. */
#include "csv_target.h"

const unsigned char csv_delims[N_DELIMS] = {',', ';', '\t', '|', ' ', '\0'};
static const char *const delim_names[N_DELIMS] = {
    "comma", "semicolon", "tab", "pipe", "space", "nul"};
const unsigned char csv_quotes[N_QUOTES] = {'"', '\''};
const char *const csv_quote_names[N_QUOTES] = {"double", "single"};
static const char *const quoting_names[2] = {"minimal", "always"};
static const char *const eols[N_EOLS] = {"\n", "\r\n", "\r"};
static const char *const eol_names[N_EOLS] = {"LF", "CRLF", "CR"};
static const char *const space_names[N_SPACES] = {
    "default (space, tab)", "none", "space only"};
static const char *const term_names[N_TERMS] = {"default (CR, LF)", "LF only"};
const size_t csv_blk_sizes[N_BLKS] = {128, 1, 2, 7, 64};
static const char *const blk_names[N_BLKS] = {"128", "1", "2", "7", "64"};

const char *layout_eol(const layout *L)
{
    return L->term == TERM_LF ? "\n" : eols[L->eol];
}

unsigned char layout_options(const layout *L, bool strict)
{
    return (unsigned char)((strict ? CSV_STRICT : 0) |
                           (L->strict_fini ? CSV_STRICT_FINI : 0) |
                           (L->append_null ? CSV_APPEND_NULL : 0) |
                           (L->empty_is_null ? CSV_EMPTY_IS_NULL : 0) |
                           (L->repall_nl ? CSV_REPALL_NL : 0));
}

static size_t choice_named(pf_src *s, const char *label, size_t n,
                           const char *const *names)
{
    size_t v = pf_choice(s, label, n);
    pf_name_values(s, names, n);
    return v;
}

void layout_draw(pf_src *s, const char *label, layout *L)
{
    pf_span_begin(s, label);
    L->delim = choice_named(s, "delim", N_DELIMS, delim_names);
    L->quote = choice_named(s, "quote", N_QUOTES, csv_quote_names);
    L->always_quote = choice_named(s, "quoting", 2, quoting_names) == 1;
    L->eol = choice_named(s, "eol", N_EOLS, eol_names);
    L->no_final_eol = pf_bool(s, "no_final_eol");
    L->strict = pf_bool(s, "CSV_STRICT");
    L->strict_fini = pf_bool(s, "CSV_STRICT_FINI");
    L->append_null = pf_bool(s, "CSV_APPEND_NULL");
    L->empty_is_null = pf_bool(s, "CSV_EMPTY_IS_NULL");
    L->repall_nl = pf_bool(s, "CSV_REPALL_NL");
    L->space = choice_named(s, "space_func", N_SPACES, space_names);
    L->term = choice_named(s, "term_func", N_TERMS, term_names);
    L->blk = choice_named(s, "blk_size", N_BLKS, blk_names);
    pf_span_end(s);
}

/* The inverse of layout_draw (design §3 rule 9). */
void layout_enc(pf_buf *e, const layout *L)
{
    pf_enc_choice(e, N_DELIMS, L->delim);
    pf_enc_choice(e, N_QUOTES, L->quote);
    pf_enc_choice(e, 2, L->always_quote);
    pf_enc_choice(e, N_EOLS, L->eol);
    pf_enc_bool(e, L->no_final_eol);
    pf_enc_bool(e, L->strict);
    pf_enc_bool(e, L->strict_fini);
    pf_enc_bool(e, L->append_null);
    pf_enc_bool(e, L->empty_is_null);
    pf_enc_bool(e, L->repall_nl);
    pf_enc_choice(e, N_SPACES, L->space);
    pf_enc_choice(e, N_TERMS, L->term);
    pf_enc_choice(e, N_BLKS, L->blk);
}

bool layout_equal(const layout *a, const layout *b)
{
    return a->delim == b->delim && a->quote == b->quote &&
           a->always_quote == b->always_quote && a->eol == b->eol &&
           a->no_final_eol == b->no_final_eol && a->strict == b->strict &&
           a->strict_fini == b->strict_fini &&
           a->append_null == b->append_null &&
           a->empty_is_null == b->empty_is_null &&
           a->repall_nl == b->repall_nl && a->space == b->space &&
           a->term == b->term && a->blk == b->blk;
}

void layout_print(pf_buf *b, const layout *L)
{
    pf_buf_printf(b, "delim=%s quote=%s quoting=%s eol=%s final_eol=%s "
                  "options=", delim_names[L->delim], csv_quote_names[L->quote],
                  quoting_names[L->always_quote],
                  L->term == TERM_LF ? "LF" : eol_names[L->eol],
                  L->no_final_eol ? "no" : "yes");
    static const char *const names[5] = {"STRICT", "STRICT_FINI",
                                         "APPEND_NULL", "EMPTY_IS_NULL",
                                         "REPALL_NL"};
    const bool on[5] = {L->strict, L->strict_fini, L->append_null,
                        L->empty_is_null, L->repall_nl};
    size_t n = 0;
    for (size_t i = 0; i < 5; i++)
        if (on[i])
            pf_buf_printf(b, n++ ? "|%s" : "%s", names[i]);
    pf_buf_printf(b, "%s space=%s term=%s blk=%zu", n ? "" : "none",
                  space_names[L->space], term_names[L->term],
                  csv_blk_sizes[L->blk]);
}

bool layout_is_space(const layout *L, unsigned char c)
{
    switch (L->space) {
    case SPACE_NONE: return false;
    case SPACE_ONLY: return c == CSV_SPACE;
    default: return c == CSV_SPACE || c == CSV_TAB;
    }
}

bool layout_is_term(const layout *L, unsigned char c)
{
    return L->term == TERM_LF ? c == CSV_LF : c == CSV_CR || c == CSV_LF;
}
