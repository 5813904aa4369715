/* pf_release_open: a released build of the library under test, opened at
 * run time for the reference properties (see propfuzz.h). */
#include "propfuzz.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

const char *pf_release_open(const char *env, const char *soname,
                            const pf_symbol *symbols, size_t n, void *table)
{
    const char *path = env ? getenv(env) : NULL;
    /* RTLD_LOCAL: its symbols serve only the lookups below, never the
     * build under test, which defines the same names. */
    void *h = dlopen(path && *path ? path : soname, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return "the released library cannot be opened";
    for (size_t i = 0; i < n; i++) {
        void *f = dlsym(h, symbols[i].name);
        if (!f)
            return "the released library lacks a function the reference uses";
        /* A data pointer to a function pointer, as POSIX allows dlsym's. */
        memcpy((char *)table + symbols[i].offset, &f, sizeof f);
    }
    return NULL;
}
