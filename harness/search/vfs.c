/* search's database files: an SQLite VFS whose files live in memory the
 * harness owns, so the file under a connection kept between inputs can be
 * put back to the bytes of a fresh database (memfile_put) while the
 * connection is idle — as if another process had written it. SQLite
 * notices through the file's change counter, as it does for any writer
 * (see db.c for why that makes a reused connection read it afresh).
 *
 * Named files are kept until memfile_drop; files SQLite opens without a
 * name (temporary files, statement journals that spill) are private and
 * go when closed. One connection per file: locks are not needed. */
#include "vfs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FILES = 80, NAME_MAX_LEN = 48 };

typedef struct memfile {
    char name[NAME_MAX_LEN];
    unsigned char *data;
    size_t size, cap;
    uint32_t hash; /* of the name: see find */
    bool used;
} memfile;

static memfile g_files[MAX_FILES];

typedef struct handle {
    sqlite3_file base;
    memfile *f;
    bool private_file; /* freed when closed */
} handle;

static uint32_t name_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 16777619u;
    return h;
}

/* SQLite asks whether a hot journal exists at the start of every
 * transaction: a strcmp per slot (traced by the fuzzer's strcmp hook) was
 * 2.6% of search's time, so names are told apart by hash first. */
static memfile *find(const char *name)
{
    uint32_t h = name_hash(name);
    for (size_t i = 0; i < MAX_FILES; i++)
        if (g_files[i].used && g_files[i].hash == h &&
            strcmp(g_files[i].name, name) == 0)
            return &g_files[i];
    return NULL;
}

static memfile *create(const char *name)
{
    for (size_t i = 0; i < MAX_FILES; i++)
        if (!g_files[i].used) {
            memfile *f = &g_files[i];
            memset(f, 0, sizeof *f);
            f->used = true;
            snprintf(f->name, sizeof f->name, "%s", name);
            f->hash = name_hash(f->name);
            return f;
        }
    return NULL;
}

static void release(memfile *f)
{
    free(f->data);
    memset(f, 0, sizeof *f);
}

static bool reserve(memfile *f, size_t n)
{
    if (n <= f->cap)
        return true;
    size_t cap = f->cap ? f->cap : 4096;
    while (cap < n)
        cap *= 2;
    unsigned char *p = realloc(f->data, cap);
    if (!p)
        return false;
    f->data = p;
    f->cap = cap;
    return true;
}

static int file_close(sqlite3_file *file)
{
    handle *h = (handle *)file;
    if (h->private_file) {
        free(h->f->data);
        free(h->f);
    }
    return SQLITE_OK;
}

static int file_read(sqlite3_file *file, void *out, int n, sqlite3_int64 off)
{
    const memfile *f = ((handle *)file)->f;
    size_t at = (size_t)off, len = (size_t)n;
    size_t have = at < f->size ? f->size - at : 0;
    if (have >= len) {
        memcpy(out, f->data + at, len);
        return SQLITE_OK;
    }
    if (have)
        memcpy(out, f->data + at, have);
    memset((unsigned char *)out + have, 0, len - have);
    return SQLITE_IOERR_SHORT_READ;
}

static int file_write(sqlite3_file *file, const void *in, int n,
                      sqlite3_int64 off)
{
    memfile *f = ((handle *)file)->f;
    size_t at = (size_t)off, end = at + (size_t)n;
    if (!reserve(f, end))
        return SQLITE_IOERR_NOMEM;
    if (at > f->size)
        memset(f->data + f->size, 0, at - f->size);
    memcpy(f->data + at, in, (size_t)n);
    if (end > f->size)
        f->size = end;
    return SQLITE_OK;
}

static int file_truncate(sqlite3_file *file, sqlite3_int64 size)
{
    memfile *f = ((handle *)file)->f;
    if ((size_t)size < f->size)
        f->size = (size_t)size;
    return SQLITE_OK;
}

static int file_sync(sqlite3_file *file, int flags)
{
    (void)file, (void)flags;
    return SQLITE_OK;
}

static int file_size(sqlite3_file *file, sqlite3_int64 *size)
{
    *size = (sqlite3_int64)((handle *)file)->f->size;
    return SQLITE_OK;
}

static int file_lock(sqlite3_file *file, int level)
{
    (void)file, (void)level;
    return SQLITE_OK;
}

static int file_reserved(sqlite3_file *file, int *out)
{
    (void)file;
    *out = 0;
    return SQLITE_OK;
}

static int file_control(sqlite3_file *file, int op, void *arg)
{
    (void)file, (void)op, (void)arg;
    return SQLITE_NOTFOUND;
}

static int file_sector(sqlite3_file *file)
{
    (void)file;
    return 1024;
}

/* What SQLite's own in-memory files (memdb) say of themselves. */
static int file_caps(sqlite3_file *file)
{
    (void)file;
    return SQLITE_IOCAP_ATOMIC | SQLITE_IOCAP_POWERSAFE_OVERWRITE |
           SQLITE_IOCAP_SAFE_APPEND | SQLITE_IOCAP_SEQUENTIAL;
}

static const sqlite3_io_methods io_methods = {
    1, file_close, file_read, file_write, file_truncate, file_sync,
    file_size, file_lock, file_lock, file_reserved, file_control,
    file_sector, file_caps, NULL, NULL, NULL, NULL, NULL, NULL,
};

static int vfs_open(sqlite3_vfs *vfs, sqlite3_filename name,
                    sqlite3_file *file, int flags, int *out_flags)
{
    (void)vfs;
    handle *h = (handle *)file;
    memset(h, 0, sizeof *h);
    if (name) {
        h->f = find(name);
        if (!h->f && !(flags & SQLITE_OPEN_CREATE))
            return SQLITE_CANTOPEN;
        if (!h->f)
            h->f = create(name);
    } else {
        h->f = calloc(1, sizeof *h->f);
        h->private_file = true;
    }
    if (!h->f)
        return SQLITE_CANTOPEN;
    h->base.pMethods = &io_methods;
    if (out_flags)
        *out_flags = flags;
    return SQLITE_OK;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync_dir)
{
    (void)vfs, (void)sync_dir;
    memfile *f = find(name);
    if (f)
        release(f);
    return SQLITE_OK;
}

static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
    (void)vfs, (void)flags;
    *out = find(name) != NULL;
    return SQLITE_OK;
}

static int vfs_full_path(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
    (void)vfs;
    snprintf(out, (size_t)n, "%s", name);
    return SQLITE_OK;
}

/* Time and randomness from the default VFS. */
static int vfs_randomness(sqlite3_vfs *vfs, int n, char *out)
{
    sqlite3_vfs *d = vfs->pAppData;
    return d->xRandomness(d, n, out);
}

static int vfs_sleep(sqlite3_vfs *vfs, int us)
{
    sqlite3_vfs *d = vfs->pAppData;
    return d->xSleep(d, us);
}

static int vfs_time(sqlite3_vfs *vfs, double *t)
{
    sqlite3_vfs *d = vfs->pAppData;
    return d->xCurrentTime(d, t);
}

static int vfs_last_error(sqlite3_vfs *vfs, int n, char *out)
{
    (void)vfs, (void)n, (void)out;
    return 0;
}

const char *memvfs_name(void)
{
    static sqlite3_vfs vfs = {
        1, sizeof(handle), NAME_MAX_LEN, NULL, "pf-search-mem", NULL,
        vfs_open, vfs_delete, vfs_access, vfs_full_path, NULL, NULL, NULL,
        NULL, vfs_randomness, vfs_sleep, vfs_time, vfs_last_error,
        NULL, NULL, NULL, NULL,
    };
    if (!vfs.pAppData) {
        vfs.pAppData = sqlite3_vfs_find(NULL);
        if (!vfs.pAppData || sqlite3_vfs_register(&vfs, 0) != SQLITE_OK)
            abort(); /* nothing a fuzz target can do without it */
    }
    return vfs.zName;
}

bool memfile_put(const char *name, const void *data, size_t len)
{
    memfile *f = find(name);
    if (!f)
        f = create(name);
    if (!f || !reserve(f, len))
        return false;
    memcpy(f->data, data, len);
    f->size = len;
    return true;
}

void memfile_drop(const char *name)
{
    memfile *f = find(name);
    if (f)
        release(f);
}
