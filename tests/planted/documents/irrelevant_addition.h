/* Planted bug for irrelevant_addition: MuPDF's structured text loses the
 * sixth line of every page (a line table that drops an entry): which text
 * is lost depends on how many lines come before it, so a paragraph added
 * above the table or a field changes the records. */
static fz_stext_page *planted_stext(fz_context *ctx, fz_page *page,
                                    const fz_stext_options *opts)
{
    fz_stext_page *sp = fz_new_stext_page_from_page(ctx, page, opts);
    unsigned n = 0;
    for (fz_stext_block *b = sp->first_block; b; b = b->next) {
        if (b->type != FZ_STEXT_BLOCK_TEXT)
            continue;
        for (fz_stext_line *l = b->u.t.first_line; l; l = l->next)
            if (++n == 6)
                l->first_char = NULL; /* the line comes out empty */
    }
    return sp;
}
#define fz_new_stext_page_from_page planted_stext
