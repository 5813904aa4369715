/* Planted bug for format_neutral: MuPDF's structured text drops every
 * digit 9 drawn larger than 10 pt (a size-dependent glyph lookup gone
 * wrong), so the same amounts read differently at another font size. */
static fz_stext_page *planted_stext(fz_context *ctx, fz_page *page,
                                    const fz_stext_options *opts)
{
    fz_stext_page *sp = fz_new_stext_page_from_page(ctx, page, opts);
    for (fz_stext_block *b = sp->first_block; b; b = b->next) {
        if (b->type != FZ_STEXT_BLOCK_TEXT)
            continue;
        for (fz_stext_line *l = b->u.t.first_line; l; l = l->next)
            for (fz_stext_char **c = &l->first_char; *c;)
                if ((*c)->c == '9' && (*c)->size > 10)
                    *c = (*c)->next;
                else
                    c = &(*c)->next;
    }
    return sp;
}
#define fz_new_stext_page_from_page planted_stext
