/* Planted bug for parser_lifecycle: csv_fini delivers a last field that
 * had no line end but does not reset the parser, so the next data given
 * to the same parser continues that field. A parser used once (as every
 * other property uses it) behaves as before. */
static int planted_fini(struct csv_parser *p,
                        void (*cb1)(void *, size_t, void *),
                        void (*cb2)(int, void *), void *data)
{
    struct csv_parser before = *p;
    int r = csv_fini(p, cb1, cb2, data);
    if (r == 0 && before.pstate == 2) { /* FIELD_BEGUN in libcsv.c */
        p->pstate = before.pstate;
        p->quoted = before.quoted;
        p->spaces = before.spaces;
        p->entry_pos = before.entry_pos;
    }
    return r;
}
#define csv_fini planted_fini
