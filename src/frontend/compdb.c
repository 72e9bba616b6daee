#include "frontend/compdb.h"
#include "util/xalloc.h"

#include <clang-c/CXCompilationDatabase.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

struct compdb {
	CXCompilationDatabase db;
};

struct compdb *compdb_open(const char *dir, char *err, size_t errlen)
{
	CXCompilationDatabase_Error e;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &e);
	if (e != CXCompilationDatabase_NoError || !db) {
		snprintf(err, errlen, "%s: no readable compile_commands.json there", dir);
		return NULL;
	}
	struct compdb *c = xcalloc(1, sizeof *c);
	c->db = db;
	return c;
}

void compdb_free(struct compdb *c)
{
	if (c) {
		clang_CompilationDatabase_dispose(c->db);
		free(c);
	}
}

int compdb_args(struct compdb *c, const char *file, struct strvec *out, char **arch)
{
	char abs[PATH_MAX];
	*arch = NULL;
	if (!realpath(file, abs))
		return 0;
	CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(c->db, abs);
	if (!cmds)
		return 0;
	int found = 0;
	if (clang_CompileCommands_getSize(cmds) > 0) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
		unsigned n = clang_CompileCommand_getNumArgs(cmd);
		CXString *strs = xcalloc(n + 1, sizeof *strs);
		const char **argv = xcalloc(n + 1, sizeof *argv);
		for (unsigned i = 0; i < n; i++) {
			strs[i] = clang_CompileCommand_getArg(cmd, i);
			argv[i] = clang_getCString(strs[i]);
		}
		CXString dir = clang_CompileCommand_getDirectory(cmd);
		found = nvcc_translate(argv, (int)n, clang_getCString(dir), abs, out, arch) == 0 ? 1 : -1;
		clang_disposeString(dir);
		for (unsigned i = 0; i < n; i++)
			clang_disposeString(strs[i]);
		free(strs);
		free(argv);
	}
	clang_CompileCommands_dispose(cmds);
	return found;
}
