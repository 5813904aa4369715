/* pf-mutgen compdb: a compilation database (compile_commands.json, as CMake
 * writes it and bear records it) read through libclang, so that both its
 * forms ("arguments" and a shell "command" string) come out as the same
 * argument vectors. One line per entry: the source file's absolute path, a
 * tab, then the directory and the arguments (the compiler first), each
 * shell-quoted and followed by a space: the form build/mutate/cc-log.sh
 * records a command in, read back by mt_read_entry. */
#include "mutgen.h"

#include <clang-c/CXCompilationDatabase.h>
#include <stdio.h>
#include <string.h>

/* Writes s in single quotes ('\'' for a quote), which a shell's eval reads
 * back as the one word s. */
static void put_quoted(CXString s)
{
    const char *p = clang_getCString(s);
    putchar('\'');
    for (; p && *p; p++) {
        if (*p == '\'')
            fputs("'\\''", stdout);
        else
            putchar(*p);
    }
    fputs("' ", stdout);
    clang_disposeString(s);
}

static void put_file(CXCompileCommand cmd)
{
    CXString dir = clang_CompileCommand_getDirectory(cmd);
    CXString file = clang_CompileCommand_getFilename(cmd);
    const char *f = clang_getCString(file), *d = clang_getCString(dir);
    if (f && f[0] != '/' && d && d[0])
        printf("%s/", d);
    printf("%s\t", f ? f : "");
    clang_disposeString(file);
    clang_disposeString(dir);
}

int mg_compdb(const char *build_dir)
{
    CXCompilationDatabase_Error err = CXCompilationDatabase_NoError;
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
    if (err != CXCompilationDatabase_NoError || !db) {
        fprintf(stderr, "pf-mutgen: cannot read %s/compile_commands.json\n", build_dir);
        return 2;
    }
    CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
    unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
    for (unsigned i = 0; i < n; i++) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
        unsigned argc = clang_CompileCommand_getNumArgs(cmd);
        if (argc == 0)
            continue;
        put_file(cmd);
        put_quoted(clang_CompileCommand_getDirectory(cmd));
        for (unsigned a = 0; a < argc; a++)
            put_quoted(clang_CompileCommand_getArg(cmd, a));
        putchar('\n');
    }
    if (cmds)
        clang_CompileCommands_dispose(cmds);
    clang_CompilationDatabase_dispose(db);
    return 0;
}
