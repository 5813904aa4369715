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
#include <sys/wait.h>
#include <unistd.h>

/* The harness's entry point, when linked: pf_fail re-runs the input
 * through it with recording on. Weak so unit tests link without one. */
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
    __attribute__((weak));
extern void __sanitizer_set_death_callback(void (*callback)(void))
    __attribute__((weak));

static const char *g_input_name;
static bool g_rerunning;
static char g_first_sig[160];

void pf_set_input_name(const char *name) { g_input_name = name; }

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

/* The command that replays an input, for the report: PF_REPLAY_HINT (the
 * propfuzz command and make rules set it), else this very executable —
 * a libFuzzer binary, the replay driver and the example runner all run
 * the files they are given. */
static void print_replay_hint(pf_buf *b, const char *input)
{
    const char *hint = getenv("PF_REPLAY_HINT");
    if (hint && *hint) {
        pf_buf_printf(b, "%s %s", hint, input);
        return;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    char cwd[4096];
    const char *shown = n > 0 ? exe : "<the target binary>";
    size_t clen = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
    if (n > 0 && clen && strncmp(exe, cwd, clen) == 0 && exe[clen] == '/')
        shown = exe + clen + 1;
    pf_buf_printf(b, "%s%s %s", strchr(shown, '/') || shown[0] == '<' ? "" : "./",
                  shown, input);
}

static void build_report(pf_buf *b, const pf_src *s, const pf__failure *f,
                         bool flaky)
{
    char sig[160];
    pf__signature(f, sig, sizeof sig);
    pf_buf_printf(b, "\nFalsifying example  target=%s  property=%s  check=%s%s\n",
                  s->target ? s->target : "?", f->property, f->check,
                  flaky ? "  (FLAKY: did not fail again on re-run)" : "");
    if (g_first_sig[0] && strcmp(g_first_sig, sig) != 0)
        pf_buf_printf(b, "  note: the first run failed %s\n", g_first_sig);
    if (f->summary)
        pf_buf_printf(b, "  failed: %s\n", f->summary);
    if (s->recording && s->n_records) {
        pf_buf_printf(b, "  draws:\n");
        print_draws(b, s);
    }
    size_t width = 0;
    for (size_t i = 0; i < f->n_lines; i++)
        if (f->lines[i].text && strlen(f->lines[i].name) > width)
            width = strlen(f->lines[i].name);
    for (size_t i = 0; i < f->n_lines; i++)
        if (f->lines[i].text)
            pf_buf_printf(b, "  %-*s = %s\n", (int)width, f->lines[i].name,
                          f->lines[i].text);
    if (f->diff_path && *f->diff_path)
        pf_buf_printf(b, "  first difference at  %s\n", f->diff_path);
    const char *saved = pf__saved_path();
    const char *name = g_input_name ? g_input_name
                     : saved ? saved : "(not saved)";
    pf_buf_printf(b, "  input  : %s (%zu bytes, hex ", name, s->size);
    pf_buf_hex(b, s->data, s->size, 256);
    pf_buf_printf(b, ")\n  replay : ");
    print_replay_hint(b, name);
    pf_buf_putc(b, '\n');
    if (saved && !g_input_name) {
        const char *keep = getenv("PF_KEEP_HINT");
        pf_buf_printf(b, "  keep it: %s %s\n",
                      keep && *keep ? keep : "propfuzz keep <target>", saved);
    }
    /* A regression test to paste: the shrunk input builds the value
     * through the target's own strategy and checks the property again. */
    pf_buf_printf(b, "  regression test:\n"
                     "    /* %s: %s must hold; link with the target's source */\n"
                     "    int main(void) {\n"
                     "        static const uint8_t input[] = {",
                  s->target ? s->target : "target", sig);
    for (size_t i = 0; i < s->size && i < 256; i++)
        pf_buf_printf(b, "%s0x%02x", i ? ", " : "", s->data[i]);
    pf_buf_printf(b, "};\n"
                     "        return LLVMFuzzerTestOneInput(input, sizeof input); /* aborts while it fails */\n"
                     "    }\n\n");
}

/* Prints a finished report and keeps it beside the saved input. */
static void print_report(const pf_buf *b)
{
    fputs(pf_buf_str((pf_buf *)b), stderr);
    fflush(stderr);
    const char *saved = pf__saved_path();
    if (saved) {
        char path[4200];
        snprintf(path, sizeof path, "%s.report.txt", saved);
        pf__write_file(path, b->data, b->len);
    }
}

/* The first run's report, kept for the case where the re-run passes: the
 * lines it was built from may live in the abandoned harness's frames. */
static pf_buf g_first_report;
/* The re-run reported and the run goes on (PF_KEEP_GOING). */
static bool g_went_on;

void pf__rerun_begin(void)
{
    g_rerunning = true;
    g_went_on = false;
}

static void rerun_done(void)
{
    g_rerunning = false;
    g_first_sig[0] = 0;
    pf__forget_saved();
}

void pf__rerun_end(void)
{
    if (g_went_on) {
        g_went_on = false;
        return;
    }
    print_report(&g_first_report); /* FLAKY: the re-run passed */
    if (!pf__keep_going())
        abort();
    rerun_done();
}

/* Fuzzing, as opposed to replaying a named file: only then is the input
 * saved, and known failures and repeats go on. */
static bool fuzzing(void) { return g_input_name == NULL; }

/* The reporting handler (fuzzing, replay, show). */
void pf__report_failure(pf_src *s, const pf__failure *f)
{
    if (!g_rerunning) {
        pf__signature(f, g_first_sig, sizeof g_first_sig);
        if (fuzzing() && s->run) {
            pf__seen seen = pf__classify_failure(g_first_sig);
            if (seen != PF__SEEN_NEW) {
                /* Counted (and listed at exit); it stops nothing. */
                g_first_sig[0] = 0;
                pf__unwind_run(s, PF__UNWIND_ABANDON);
            }
        }
        if (fuzzing())
            pf__note_saved(g_first_sig, pf__save_finding(s, f->property));
        if (!s->recording && pf__request_rerun(s)) {
            /* Under pf_run: leave the harness (its cleanups run), and
             * pf_run runs the input again from the top, recorded. */
            g_first_report.len = 0;
            build_report(&g_first_report, s, f, true);
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
    build_report(&b, s, f, flaky);
    print_report(&b);
    pf_buf_free(&b);
    if (pf__keep_going() && fuzzing() && s->run && g_rerunning) {
        rerun_done();
        g_went_on = true;
        pf__unwind_run(s, PF__UNWIND_ABANDON);
    }
    abort();
}

bool pf__write_report(const char *input_path, const uint8_t *data, size_t len)
{
    char path[4400];
    snprintf(path, sizeof path, "%s.report.txt", input_path);
    FILE *out = fopen(path, "w");
    if (!out || !LLVMFuzzerTestOneInput) {
        if (out)
            fclose(out);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        /* A child of a process with threads (a library's thread pool) can
         * hang in the library: the report is given up, not the run. */
        alarm(60);
        dup2(fileno(out), STDERR_FILENO);
        setenv("PF_FINDINGS_DIR", "", 1); /* it is saved already */
        pf__set_fail_handler(NULL);
        pf_set_recording(true);
        pf__report_crashes();
        pf_set_input_name(input_path);
        LLVMFuzzerTestOneInput(data, len);
        _exit(0);
    }
    fclose(out);
    if (pid < 0)
        return false;
    waitpid(pid, NULL, 0);
    return true;
}
