/* search's fold_invariant (see harness/search.c): a word of letters
 * outside ASCII, stored in one spelling and queried in another, matches by
 * each tokenizer's documented folding (FTS5's documentation):
 *   - unicode61 and porter fold case and remove the diacritics of Latin
 *     letters (remove_diacritics=1, the default): the document matches
 *     whatever the query's case, and with its Latin-1 letters' diacritics
 *     removed;
 *   - trigram folds case (case_sensitive=0) but keeps diacritics: it
 *     matches in any case, not once a diacritic is removed;
 *   - ascii folds ASCII letters only: it matches only the same bytes.
 * Every other word is ASCII (R6's vocabularies), so the Unicode case
 * tables of FTS5 (sqlite3Fts5UnicodeFold) and its diacritic table are
 * seen only here. The letters are pairs Unicode's case mapping gives by
 * arithmetic (a range of capitals, each small letter a fixed offset away,
 * or capital and small alternating); letters whose folding is special
 * (dotted I, final sigma, y with diaeresis) are left out. */
#include "search.h"

/* A run of capitals: count of them from first, step apart, each small
 * letter at capital + offset. */
typedef struct caserun {
    uint32_t first, count, step, offset;
} caserun;

typedef struct script {
    const caserun *runs;
    size_t n_runs;
} script;

static const caserun latin1[] = {{0xC0, 23, 1, 0x20}, {0xD8, 7, 1, 0x20}};
static const caserun latin_ext_a[] = {{0x100, 24, 2, 1}, {0x132, 3, 2, 1}, {0x139, 8, 2, 1},
                                      {0x14A, 23, 2, 1}, {0x179, 3, 2, 1}};
static const caserun latin_ext_additional[] = {{0x1E00, 75, 2, 1}, {0x1EA0, 45, 2, 1}};
static const caserun greek[] = {{0x391, 17, 1, 0x20}, {0x3A3, 7, 1, 0x20}};
static const caserun cyrillic[] = {{0x400, 16, 1, 0x50}, {0x410, 32, 1, 0x20}};
static const caserun armenian[] = {{0x531, 38, 1, 0x30}};
static const caserun fullwidth[] = {{0xFF21, 26, 1, 0x20}};
static const caserun deseret[] = {{0x10400, 40, 1, 0x28}};

#define SCRIPT(runs) {runs, PF_LEN(runs)}
static const script scripts[] = {
    SCRIPT(latin1), SCRIPT(latin_ext_a), SCRIPT(latin_ext_additional), SCRIPT(greek),
    SCRIPT(cyrillic), SCRIPT(armenian), SCRIPT(fullwidth), SCRIPT(deseret),
};
enum { N_SCRIPTS = PF_LEN(scripts) };
/* In the order of scripts[]: what a report calls each. */
static const char *const script_names[N_SCRIPTS] = {
    "Latin-1", "Latin Extended-A", "Latin Extended Additional", "Greek", "Cyrillic",
    "Armenian", "fullwidth Latin", "Deseret"};

/* The Latin-1 small letters U+00E0..U+00FE without their diacritic, by
 * their Unicode decomposition ('-': none; æ, ð, ø and þ have none). */
static const char latin1_base[] = "aaaaaa-ceeeeiiii-nooooo--uuuuy-";

static size_t script_letters(const script *sc)
{
    size_t n = 0;
    for (size_t i = 0; i < sc->n_runs; i++)
        n += sc->runs[i].count;
    return n;
}

/* Letter k of the script: its capital and its small letter. */
static void script_letter(const script *sc, size_t k, uint32_t *capital, uint32_t *small)
{
    const caserun *r = sc->runs;
    while (k >= r->count)
        k -= r++->count;
    *capital = r->first + (uint32_t)k * r->step;
    *small = *capital + r->offset;
}

static char base_of(uint32_t small)
{
    if (small < 0xE0 || small > 0xFE || latin1_base[small - 0xE0] == '-')
        return 0;
    return latin1_base[small - 0xE0];
}

/* How the query spells a letter the document spells in one case. */
enum form { SMALL, CAPITAL, BASE, N_FORMS };
static const char *const form_names[N_FORMS] = {"small", "capital", "without diacritic"};

void prop_fold_invariant(pf_src *s, void *in)
{
    ctx *x = in;
    const test_case *tc = x->tc;
    const script *sc = &scripts[pf_choice(s, "script", N_SCRIPTS)];
    pf_name_values(s, script_names, N_SCRIPTS);
    /* three letters at least: a trigram table matches nothing shorter (R2) */
    size_t n = (size_t)pf_u64_range(s, "letters", 3, 6);
    pf_buf stored = {0}, asked = {0};
    bool other_case = false, stripped = false;
    pf_buf_putc(&asked, '"');
    for (size_t i = 0; i < n; i++) {
        uint32_t capital, small;
        script_letter(sc, pf_choice(s, "letter", script_letters(sc)), &capital, &small);
        bool stored_capital = pf_bool(s, "stored_capital");
        char base = base_of(small);
        size_t form = pf_choice(s, "asked_as", base ? N_FORMS : BASE);
        pf_name_values(s, form_names, N_FORMS);
        pf_buf_put_utf8(&stored, stored_capital ? capital : small);
        if (form == BASE) {
            pf_buf_putc(&asked, (uint8_t)base);
            stripped = true;
        } else {
            pf_buf_put_utf8(&asked, form == CAPITAL ? capital : small);
            other_case |= (form == CAPITAL) != stored_capital;
        }
    }
    pf_buf_putc(&asked, '"');
    pf_buf_putc(&asked, '\0');
    pf_buf_putc(&stored, '\0');

    const char *words[1] = {(const char *)stored.data};
    doc d = {.n = {1}};
    int64_t rowid = rowid_of(tc, tc->n_docs + 2);
    db_insert(x, T1, rowid, &d, words);
    hits h;
    db_run(x, T1, Q_PLAIN, (const char *)asked.data, -1, &h);
    bool expect = tc->sc.tok == TOK_UNICODE61 || tc->sc.tok == TOK_PORTER ? true
                  : tc->sc.tok == TOK_TRIGRAM                             ? !stripped
                                                                          : !stripped && !other_case;
    if (in_hits(&h, rowid) == expect) {
        pf_buf_free(&stored);
        pf_buf_free(&asked);
        return;
    }
    pf_buf m = {0};
    print_hits(&m, &h, false);
    pf_line l[] = {{"stored", pf_buf_defer(s, &stored)},
                   {"query", pf_buf_defer(s, &asked)},
                   {"matches", pf_buf_defer(s, &m)}};
    fail_with(x, expect ? "a spelling the tokenizer folds together did not match"
                        : "a spelling the tokenizer keeps apart matched", l, PF_LEN(l));
}
