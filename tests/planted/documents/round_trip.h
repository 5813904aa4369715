/* Planted bug for round_trip: MuPDF's structured text loses the first
 * character of a line that starts "2." — the second row's marker — so the
 * second row runs into the first. */
static fz_stext_page *planted_stext(fz_context *ctx, fz_page *page,
                                    const fz_stext_options *opts)
{
    fz_stext_page *sp = fz_new_stext_page_from_page(ctx, page, opts);
    for (fz_stext_block *b = sp->first_block; b; b = b->next) {
        if (b->type != FZ_STEXT_BLOCK_TEXT)
            continue;
        for (fz_stext_line *l = b->u.t.first_line; l; l = l->next)
            if (l->first_char && l->first_char->c == '2' &&
                l->first_char->next && l->first_char->next->c == '.')
                l->first_char = l->first_char->next;
    }
    return sp;
}
#define fz_new_stext_page_from_page planted_stext
