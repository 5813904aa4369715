/* search's in-memory database files (vfs.c). */
#ifndef SEARCH_VFS_H
#define SEARCH_VFS_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

/* The VFS's name for sqlite3_open_v2 (registered on the first call). */
const char *memvfs_name(void);
/* Sets the named file's bytes (creating it); false when out of memory or
 * out of file slots. Only while no connection has the file in a
 * transaction. */
bool memfile_put(const char *name, const void *data, size_t len);
/* Forgets the named file (after its connection is closed). */
void memfile_drop(const char *name);

#endif
