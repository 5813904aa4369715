# search: full-text search through SQLite FTS5 (build/lib-sqlite.sh).
LIB_search := sqlite
