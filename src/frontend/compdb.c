/* compdb.c - see compdb.h.
 *
 * libclang's reader prints its complaints straight to stderr ("LIBCLANG
 * TOOLING ERROR: ...", YAML parser errors with a caret line) and gives
 * back only "cannot load". So the file is checked here first, with json-c,
 * for everything libclang would refuse: that it exists and can be read,
 * that it is JSON, an array, and that every entry has the keys libclang
 * requires. Whatever libclang still says is caught and becomes the reason
 * of the one error line. */
#include "frontend/compdb.h"
#include "util/inputs.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include "frontend/clang_api.h" /* libclang, loaded on first use */
#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DB_NAME "compile_commands.json"

struct compdb {
	CXCompilationDatabase db;
};

/* Line and column (1-based) of byte OFF of BUF. */
static void line_col(const char *buf, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

static int is_string(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string);
}

/* What libclang requires of one entry (JSONCompilationDatabase::parse). */
static int check_entry(json_object *o, size_t i, char *why, size_t len)
{
	json_object *args;
	if (!json_object_is_type(o, json_type_object)) {
		snprintf(why, len, "entry %zu is not a JSON object", i + 1);
		return -1;
	}
	if (!is_string(o, "file") || !is_string(o, "directory")) {
		snprintf(why, len, "entry %zu has no \"%s\" string", i + 1, is_string(o, "file") ? "directory" : "file");
		return -1;
	}
	if (json_object_object_get_ex(o, "arguments", &args)) {
		int ok = json_object_is_type(args, json_type_array);
		for (size_t k = 0; ok && k < json_object_array_length(args); k++)
			ok = json_object_is_type(json_object_array_get_idx(args, k), json_type_string);
		if (!ok) {
			snprintf(why, len, "entry %zu: \"arguments\" is not an array of strings", i + 1);
			return -1;
		}
	} else if (!is_string(o, "command")) {
		snprintf(why, len, "entry %zu has neither a \"command\" string nor \"arguments\"", i + 1);
		return -1;
	}
	return 0;
}

/* 0 when PATH holds what libclang can read; else -1 and the reason. */
static int check_file(const char *path, char *why, size_t len)
{
	size_t n;
	char *buf = cl_read_regular(path, "cannot read", SIZE_MAX, &n, why, len);
	if (!buf)
		return -1;
	json_tokener *tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *top = json_tokener_parse_ex(tok, buf, (int)n);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	while (top && end < n && strchr(" \t\r\n", buf[end]))
		end++;
	int rc = -1;
	unsigned line, col;
	line_col(buf, end, &line, &col);
	if (!top && e == json_tokener_continue) {
		snprintf(why, len, "invalid JSON: unexpected end of file");
	} else if (!top) {
		snprintf(why, len, "invalid JSON at line %u, column %u: %s", line, col, json_tokener_error_desc(e));
	} else if (end < n) {
		snprintf(why, len, "invalid JSON at line %u, column %u: text after the end of the array", line, col);
	} else if (!json_object_is_type(top, json_type_array)) {
		snprintf(why, len, "not a JSON array of compile commands");
	} else {
		rc = 0;
		for (size_t i = 0; rc == 0 && i < json_object_array_length(top); i++)
			rc = check_entry(json_object_array_get_idx(top, i), i, why, len);
	}
	json_object_put(top);
	json_tokener_free(tok);
	free(buf);
	return rc;
}

/* libclang's reader with its stderr caught: what it said (its last
 * "json-compilation-database:" line, else its first line) goes to SAID. */
static CXCompilationDatabase open_quietly(const char *dir, char *said, size_t len)
{
	said[0] = 0;
	fflush(stderr);
	FILE *cap = tmpfile();
	int saved = cap ? dup(STDERR_FILENO) : -1;
	if (saved >= 0 && dup2(fileno(cap), STDERR_FILENO) < 0) {
		close(saved);
		saved = -1;
	}
	CXCompilationDatabase_Error e;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &e);
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
	if (cap) {
		char line[400];
		rewind(cap);
		while (fgets(line, sizeof line, cap)) {
			line[strcspn(line, "\r\n")] = 0;
			const char *p = strstr(line, "json-compilation-database: ");
			if (p)
				snprintf(said, len, "%s", p + strlen("json-compilation-database: "));
			else if (!said[0] && line[0])
				snprintf(said, len, "%s", line);
		}
		fclose(cap);
	}
	if (e != CXCompilationDatabase_NoError && db) {
		clang_CompilationDatabase_dispose(db);
		db = NULL;
	}
	return db;
}

struct compdb *compdb_open(const char *path, char *err, size_t errlen)
{
	char file[PATH_MAX + 32], dir[PATH_MAX], why[512];
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t n = strlen(path);
		snprintf(dir, sizeof dir, "%s", path);
		snprintf(file, sizeof file, "%s%s" DB_NAME, path, n && path[n - 1] == '/' ? "" : "/");
	} else {
		const char *slash = strrchr(path, '/');
		snprintf(file, sizeof file, "%s", path);
		if (slash)
			snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
		else
			snprintf(dir, sizeof dir, ".");
	}
	const char *base = strrchr(file, '/');
	if (strcmp(base ? base + 1 : file, DB_NAME)) {
		snprintf(err, errlen, "%s: neither a directory nor a file named " DB_NAME
		                      " (libclang reads only that name)", file);
		return NULL;
	}
	cl_input_note(file, NULL, "the compilation database", NULL);
	if (check_file(file, why, sizeof why) < 0) {
		snprintf(err, errlen, "%s: %s", file, why);
		return NULL;
	}
	CXCompilationDatabase db = open_quietly(dir, why, sizeof why);
	if (!db) {
		snprintf(err, errlen, "%s: libclang cannot read it%s%s", file, why[0] ? ": " : "", why);
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

void compdb_cmds_free(struct compdb_cmd *v, int n)
{
	for (int i = 0; i < n; i++) {
		nvcc_strvec_free(&v[i].args);
		nvcc_strvec_free(&v[i].archs);
	}
	free(v);
}

/* One compile command ARGV, run in DIR, into *CC: 1, or 0 with *NBAD
 * counted and the first failure's reason in WHY. */
static int translate_one(const char *const *argv, int argc, const char *dir, const char *abs,
                         struct compdb_cmd *cc, int *nbad, char *why, size_t whylen)
{
	char reason[512];
	if (nvcc_translate(argv, argc, dir, abs, &cc->args, &cc->archs, reason, sizeof reason) == 0)
		return 1;
	nvcc_strvec_free(&cc->args);
	nvcc_strvec_free(&cc->archs);
	if (!*nbad && whylen)
		snprintf(why, whylen, "%s", reason); /* the first one's reason */
	++*nbad;
	return 0;
}

int compdb_command_of_argv(const char *const *argv, int argc, const char *dir, const char *file,
                           struct compdb_cmd **out, int *nbad, char *why, size_t whylen)
{
	char abs[PATH_MAX];
	*out = NULL;
	*nbad = 0;
	if (!realpath(file, abs))
		return 0;
	struct compdb_cmd *v = xcalloc(1, sizeof *v);
	if (!translate_one(argv, argc, dir, abs, v, nbad, why, whylen)) {
		free(v);
		return 0;
	}
	*out = v;
	return 1;
}

int compdb_commands(struct compdb *c, const char *file, struct compdb_cmd **out, int *nbad, char *why,
                    size_t whylen)
{
	char abs[PATH_MAX];
	*out = NULL;
	*nbad = 0;
	if (!realpath(file, abs))
		return 0;
	CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(c->db, abs);
	if (!cmds)
		return 0;
	unsigned ncmds = clang_CompileCommands_getSize(cmds);
	struct compdb_cmd *v = xcalloc(ncmds + 1, sizeof *v);
	int found = 0;
	for (unsigned k = 0; k < ncmds; k++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, k);
		unsigned n = clang_CompileCommand_getNumArgs(cmd);
		CXString *strs = xcalloc(n + 1, sizeof *strs);
		const char **argv = xcalloc(n + 1, sizeof *argv);
		for (unsigned i = 0; i < n; i++) {
			strs[i] = clang_CompileCommand_getArg(cmd, i);
			argv[i] = clang_getCString(strs[i]);
		}
		CXString dir = clang_CompileCommand_getDirectory(cmd);
		found += translate_one(argv, (int)n, clang_getCString(dir), abs, &v[found], nbad, why, whylen);
		clang_disposeString(dir);
		for (unsigned i = 0; i < n; i++)
			clang_disposeString(strs[i]);
		free(strs);
		free(argv);
	}
	clang_CompileCommands_dispose(cmds);
	if (!found) {
		free(v);
		v = NULL;
	}
	*out = v;
	return found;
}
