/* The failure report (design §5): save the input, re-run it in record mode
 * for the full picture, print, abort. */
#define _POSIX_C_SOURCE 200809L

#include "pf_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The harness's entry point, when linked: pf_fail re-runs the input
 * through it with recording on. Weak so unit tests link without one. */
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
    __attribute__((weak));
extern void __sanitizer_set_death_callback(void (*callback)(void))
    __attribute__((weak));

static const char *g_input_name;
static bool g_rerunning;
static const char *g_first_property;
static char g_saved_path[4096];

void pf_set_input_name(const char *name) { g_input_name = name; }

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

static bool write_file(const char *path, const void *data, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok)
        remove(tmp);
    return ok;
}

/* Writes the failing input under $PF_FINDINGS_DIR as <property>-<hash>,
 * before anything else can go wrong. Returns the path or NULL. */
static const char *save_finding(const pf_src *s, const char *property)
{
    const char *dir = getenv("PF_FINDINGS_DIR");
    if (!dir || !*dir)
        return NULL;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "propfuzz: cannot create %s: %s\n", dir,
                strerror(errno));
        return NULL;
    }
    snprintf(g_saved_path, sizeof g_saved_path, "%s/%s-%012" PRIx64, dir,
             property, fnv1a(s->data, s->size) >> 16);
    if (!write_file(g_saved_path, s->data, s->size)) {
        fprintf(stderr, "propfuzz: cannot write %s: %s\n", g_saved_path,
                strerror(errno));
        return NULL;
    }
    return g_saved_path;
}

static void print_double(pf_buf *b, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    if (isnan(d))
        pf_buf_printf(b, "%snan(0x%" PRIx64 ")", signbit(d) ? "-" : "",
                      bits & UINT64_C(0xfffffffffffff));
    else if (d == 0 && signbit(d))
        pf_buf_printf(b, "-0.0");
    else
        pf_buf_printf(b, "%.17g", d);
}

static void print_draw(pf_buf *b, const pf_record *r)
{
    switch (r->kind) {
    case PF_DRAW_BOOL: pf_buf_printf(b, r->value.u ? "true" : "false"); break;
    case PF_DRAW_UINT:
        pf_buf_printf(b, "%" PRIu64, r->value.u);
        if (r->names && r->value.u < r->n_names)
            pf_buf_printf(b, " (%s)", r->names[r->value.u]);
        break;
    case PF_DRAW_INT: pf_buf_printf(b, "%" PRId64, r->value.i); break;
    case PF_DRAW_DOUBLE:
    case PF_DRAW_FLOAT: print_double(b, r->value.d); break;
    case PF_DRAW_BYTES:
    case PF_DRAW_TEXT: pf_buf_quote(b, r->bytes, r->bytes_len); break;
    case PF_DRAW_RAW:
        pf_buf_printf(b, "%zu bytes: ", r->bytes_len);
        pf_buf_hex(b, r->bytes, r->bytes_len, 64);
        break;
    default: break;
    }
}

/* One line per labelled draw, indented by span depth. Continue-flags and
 * span markers are structure, not values: the indentation shows them. */
static void print_draws(pf_buf *b, const pf_src *s)
{
    for (size_t i = 0; i < s->n_records; i++) {
        const pf_record *r = &s->records[i];
        if (r->kind == PF_DRAW_FLAG || r->kind == PF_DRAW_SPAN_END)
            continue;
        /* A span with nothing in it (a property that drew nothing) says
         * nothing either. */
        if (r->kind == PF_DRAW_SPAN_BEGIN && i + 1 < s->n_records &&
            s->records[i + 1].kind == PF_DRAW_SPAN_END) {
            i++;
            continue;
        }
        pf_buf_printf(b, "    %*s", (int)(2 * r->depth), "");
        if (r->kind == PF_DRAW_SPAN_BEGIN) {
            pf_buf_printf(b, "%s:\n", r->label ? r->label : "(span)");
            continue;
        }
        pf_buf_printf(b, "%s = ", r->label ? r->label : "draw");
        print_draw(b, r);
        pf_buf_putc(b, '\n');
    }
}

/* A crash (sanitizer report) is not a pf_fail: when recording, say what
 * had been decoded when it happened. */
static void report_draws_at_death(void)
{
    const pf_src *s = pf__active_src();
    if (s && s->recording && s->n_records) {
        fputs("\npropfuzz: the input had decoded to this when it crashed:\n", stderr);
        pf__show_draws(s);
    }
}

void pf__report_crashes(void)
{
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(report_draws_at_death);
}

void pf__show_draws(const pf_src *s)
{
    pf_buf b = {0};
    pf_buf_printf(&b, "draws of %s (%zu bytes%s):\n", s->target ? s->target : "?",
                  s->size, s->overrun ? ", read past the end" : "");
    print_draws(&b, s);
    fputs(pf_buf_str(&b), stderr);
    pf_buf_free(&b);
}

static void build_report(pf_buf *b, const pf_src *s, const char *property,
                         const char *summary, const pf_line *lines,
                         size_t n_lines, const char *diff_path, bool flaky)
{
    pf_buf_printf(b, "\nFalsifying example  target=%s  property=%s%s\n",
                  s->target ? s->target : "?", property,
                  flaky ? "  (FLAKY: did not fail again on re-run)" : "");
    if (g_first_property && strcmp(g_first_property, property) != 0)
        pf_buf_printf(b, "  note: the first run failed property=%s\n",
                      g_first_property);
    if (summary)
        pf_buf_printf(b, "  failed: %s\n", summary);
    if (s->recording && s->n_records) {
        pf_buf_printf(b, "  draws:\n");
        print_draws(b, s);
    }
    size_t width = 0;
    for (size_t i = 0; i < n_lines; i++)
        if (lines[i].text && strlen(lines[i].name) > width)
            width = strlen(lines[i].name);
    for (size_t i = 0; i < n_lines; i++)
        if (lines[i].text)
            pf_buf_printf(b, "  %-*s = %s\n", (int)width, lines[i].name,
                          lines[i].text);
    if (diff_path && *diff_path)
        pf_buf_printf(b, "  first difference at  %s\n", diff_path);
    const char *name = g_input_name ? g_input_name
                     : g_saved_path[0] ? g_saved_path : "(not saved)";
    pf_buf_printf(b, "  input  : %s (%zu bytes, hex ", name, s->size);
    pf_buf_hex(b, s->data, s->size, 256);
    pf_buf_printf(b, ")\n  replay : out/replay/%s %s\n",
                  s->target ? s->target : "<target>", name);
    /* A regression test to paste: the shrunk input builds the value
     * through the target's own strategy and checks the property again. */
    pf_buf_printf(b, "  regression test:\n"
                     "    /* %s: %s must hold; link with harness/%s.c */\n"
                     "    int main(void) {\n"
                     "        static const uint8_t input[] = {",
                  s->target ? s->target : "target", property,
                  s->target ? s->target : "target");
    for (size_t i = 0; i < s->size && i < 256; i++)
        pf_buf_printf(b, "%s0x%02x", i ? ", " : "", s->data[i]);
    pf_buf_printf(b, "};\n"
                     "        return LLVMFuzzerTestOneInput(input, sizeof input); /* aborts while it fails */\n"
                     "    }\n\n");
}

/* Prints a finished report and keeps it beside the saved input. */
_Noreturn static void emit(const pf_buf *b)
{
    fputs(pf_buf_str((pf_buf *)b), stderr);
    fflush(stderr);
    if (g_saved_path[0]) {
        char path[4200];
        snprintf(path, sizeof path, "%s.report.txt", g_saved_path);
        write_file(path, b->data, b->len);
    }
    abort();
}

/* The first run's report, kept for the case where the re-run passes: the
 * lines it was built from may live in the abandoned harness's frames. */
static pf_buf g_first_report;

void pf__rerun_begin(void) { g_rerunning = true; }

_Noreturn void pf__report_flaky(void) { emit(&g_first_report); }

/* The reporting handler (fuzzing, replay, show). */
void pf__report_failure(pf_src *s, const pf__failure *f)
{
    if (!g_rerunning) {
        g_first_property = f->property;
        save_finding(s, f->property);
        if (!s->recording && pf__request_rerun(s)) {
            /* Under pf_run: leave the harness (its cleanups run), and
             * pf_run runs the input again from the top, recorded. */
            g_first_report.len = 0;
            build_report(&g_first_report, s, f->property, f->summary,
                         f->lines, f->n_lines, f->diff_path, true);
            pf__unwind_run(s, PF__UNWIND_ABANDON);
        }
        if (!s->recording && LLVMFuzzerTestOneInput) {
            /* A hand-written entry point: re-run from inside (see the
             * header about its static state). */
            g_rerunning = true;
            pf_set_recording(true);
            LLVMFuzzerTestOneInput(s->data, s->size);
        }
    }
    /* Either recorded, or the nested re-run passed: then it is flaky. */
    bool flaky = g_rerunning && !s->recording;
    pf_buf b = {0};
    build_report(&b, s, f->property, f->summary, f->lines, f->n_lines,
                 f->diff_path, flaky);
    emit(&b);
}
