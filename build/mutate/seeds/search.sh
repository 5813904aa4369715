#!/usr/bin/env bash
# Seeds for SQLite's own fuzz target (test/ossfuzz.c), which runs its input
# as SQL against an in-memory database. OSS-Fuzz seeds it with every *.test
# file of the tree as they are: Tcl scripts whose first line is a "#"
# comment, a syntax error to SQLite, which stops there: they reach almost
# nothing of FTS5. The best start the fuzzer can read is the SQL inside
# them: for each of FTS5's own test scripts (ext/fts5/test/*.test), the
# literal SQL blocks of its do_execsql_test and execsql calls in order,
# each run first on the system's SQLite (Python's sqlite3 module, the same
# release on Debian 12) and kept only if it succeeds there within 50 ms
# (ossfuzz.c stops at the first error, and a slow seed eats the run's
# fuzzing time),
# one seed per script and FTS5 detail mode (%DETAIL%: full, column, none).
#   seeds/search.sh <SQLite source dir> <output dir>
set -euo pipefail
src=$1 out=$2
[ -d "$src/ext/fts5/test" ] || { echo "propfuzz: $src/ext/fts5/test: no such directory (not SQLite's source?)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "propfuzz: the search baseline's seeds need python3: apt-get install python3" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
out=$(cd "$out" && pwd)
# Blocks that write a database file are left out; a failed one may have
# created it first: they run in a scratch directory, not the caller's.
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
python3 - "$src/ext/fts5/test" "$out" <<'EOF'
import glob, os, re, sqlite3, sys, time

test_dir, out = sys.argv[1], sys.argv[2]
# A database file (ATTACH 'test.db2') would be written where the
# baseline fuzzes: only in-memory databases, as ossfuzz.c opens.
attach = re.compile(r'(?i)\bATTACH\b|\bVACUUM\b[^;]*\bINTO\b')
# A call whose first braced argument after the test name is literal SQL.
call = re.compile(r'(?m)^[ \t]*(?:do_execsql_test[ \t]+\S+|execsql|db[ \t]+eval)[ \t]+\{')

def blocks(text):
    """The literal SQL of each call, in order (Tcl braces: no substitution
    inside, nesting counted, a backslash escapes the next character)."""
    for m in call.finditer(text):
        i, depth = m.end(), 1
        while i < len(text) and depth:
            c = text[i]
            if c == '\\':
                i += 1
            elif c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
            i += 1
        if depth == 0:
            yield text[m.end():i - 1].strip()

def kept(sqls):
    """The blocks that run without error, quickly, each after the ones before."""
    db = sqlite3.connect(':memory:', isolation_level=None)
    good = []
    for sql in sqls:
        if attach.search(sql):
            continue
        start = time.monotonic()
        db.set_progress_handler(lambda: time.monotonic() - start > 0.05, 1000)
        try:
            db.executescript(sql)
        except (sqlite3.Error, ValueError):
            continue
        good.append(sql.rstrip(';') + ';')
    db.close()
    return good

written = 0
for path in sorted(glob.glob(os.path.join(test_dir, '*.test'))):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    sqls = list(blocks(text))
    modes = ('full', 'column', 'none') if '%DETAIL%' in text else ('',)
    for mode in modes:
        good = kept([s.replace('%DETAIL%', mode) for s in sqls])
        if not good:
            continue
        name = os.path.basename(path)[:-5] + ('-' + mode if mode else '')
        with open(os.path.join(out, name + '.sql'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(good) + '\n')
        written += 1
if not written:
    sys.exit('propfuzz: no SQL block of ' + test_dir + ' ran: does Python\'s sqlite3 module have FTS5?')
EOF
