/* The example runner runs every example in its own process: a crash, a
 * sanitizer report or a hang ends the process, so the example is written
 * to the findings directory first, from the sanitizer's death callback or
 * a signal handler (with async-signal-safe calls only), and the report
 * says how to replay it. */
#define _POSIX_C_SOURCE 200809L

#include "examples_internal.h"
#include "../core/pf_internal.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern void __sanitizer_set_death_callback(void (*callback)(void))
    __attribute__((weak));

static const uint8_t *volatile g_cur;
static volatile size_t g_cur_len;
static char g_dir[512];
static bool g_saved;

void pf__examples_current(const uint8_t *data, size_t len)
{
    g_cur = data;
    g_cur_len = len;
}

static void say(const char *text) { (void)!write(STDERR_FILENO, text, strlen(text)); }

/* <dir>/<kind>-<16 hex digits of the input's hash>, written with open and
 * write only. */
static void save_current(const char *kind)
{
    if (g_saved || !g_cur || !g_dir[0])
        return;
    g_saved = true;
    static const char hex[] = "0123456789abcdef";
    uint64_t h = pf__fnv1a(g_cur, g_cur_len);
    char path[600];
    size_t n = strlen(g_dir), k = strlen(kind);
    if (n + k + 20 >= sizeof path)
        return;
    memcpy(path, g_dir, n);
    path[n++] = '/';
    memcpy(path + n, kind, k);
    n += k;
    path[n++] = '-';
    for (int i = 15; i >= 0; i--)
        path[n++] = hex[(h >> (4 * i)) & 15];
    path[n] = 0;
    /* mkdir -p of the directory, one component at a time. */
    for (size_t i = 1; i <= strlen(g_dir); i++) {
        if (g_dir[i] != '/' && g_dir[i] != 0)
            continue;
        char part[512];
        memcpy(part, g_dir, i);
        part[i] = 0;
        mkdir(part, 0777);
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return;
    size_t off = 0;
    while (off < g_cur_len) {
        ssize_t w = write(fd, g_cur + off, g_cur_len - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    close(fd);
    say("\npropfuzz: the example that crashed is saved as ");
    say(path);
    say("\n  replay it: <this runner> ");
    say(path);
    say("\n");
}

static void on_death(void) { save_current("crash"); }

static void on_signal(int sig)
{
    save_current(sig == SIGALRM ? "timeout" : "crash");
    signal(sig, SIG_DFL);
    raise(sig);
}

void pf__examples_watch(const char *target)
{
    char buf[512];
    const char *dir = pf__findings_dir(target, buf, sizeof buf);
    snprintf(g_dir, sizeof g_dir, "%s", dir ? dir : "");
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(on_death);
    int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigaction(sigs[i], &sa, NULL);
    }
}
