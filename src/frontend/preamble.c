/* preamble.c - see preamble.h. Files, in the cache directory beside the
 * toolkit PCH (pch.c):
 *
 *   pre-KEY.json   what the build recorded: the files it read (each with
 *                  its size and modification time, checked at every use),
 *                  the #includes of the main file that brought them in,
 *                  clang's errors inside them; or why no PCH was made
 *   pre-KEY.pch    the preamble's PCH, chained on the toolkit's
 *   pre-KEY.*.tmp* a build in progress, or the leftover of a killed one
 *
 * KEY names the preamble's bytes, every argument of the parse, the
 * toolkit PCH it is chained on, the working directory and the name the
 * preamble is parsed under (its directory: "..." includes are found
 * there). A changed header is a changed size or time in the record: the
 * preamble is built again. The build runs in a child process, as the
 * toolkit's does (libclang aborts its process on a full disk). The PCHs
 * are evicted, least recently used first, beyond 64 of them or
 * $CUDALINT_PREAMBLE_MB megabytes (1024), under the toolkit PCH's lock. */
#define _GNU_SOURCE /* memmem */
#include "frontend/preamble.h"
#include "frontend/deps.h"
#include "frontend/frontend.h"
#include "frontend/pch.h"
#include "ir/ir.h"
#include "util/arena.h"
#include "util/atomic_file.h"
#include "util/cachedir.h"
#include "util/child.h"
#include "util/env.h"
#include "util/guard.h"
#include "util/hash.h"
#include "util/regfile.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PREAMBLE_KEEP 64
#define PREAMBLE_NAME ".cudalint-preamble.cu" /* never read from disk */

/* ---- where it ends ------------------------------------------------------ */

static size_t skip_space_and_comments(const char *t, size_t i, size_t len, int *bad)
{
	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f' ||
		                   t[i] == '\v'))
			i++;
		if (i + 1 < len && t[i] == '/' && t[i + 1] == '/') {
			while (i < len && t[i] != '\n') {
				if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n')
					i++; /* a line comment continued */
				i++;
			}
		} else if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
			const char *e = memmem(t + i + 2, len - i - 2, "*/", 2);
			if (!e) {
				*bad = 1;
				return len;
			}
			i = (size_t)(e - t) + 2;
		} else {
			return i;
		}
	}
}

/* The directive at I ('#'): its name in NAME, and the offset after its
 * last line (backslash continuations and block comments inside it
 * followed). */
static size_t directive_end(const char *t, size_t i, size_t len, char name[16], int *bad)
{
	i++;
	while (i < len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	size_t n = 0;
	while (i < len && ((t[i] >= 'a' && t[i] <= 'z') || t[i] == '_') && n < 15)
		name[n++] = t[i++];
	name[n] = 0;
	if (!n && i < len && t[i] >= '0' && t[i] <= '9')
		strcpy(name, "line"); /* "# 10 "x.cu"", a line marker */
	while (i < len && t[i] != '\n') {
		if (t[i] == '\\' && i + 1 < len && (t[i + 1] == '\n' || t[i + 1] == '\r')) {
			i += t[i + 1] == '\r' && i + 2 < len && t[i + 2] == '\n' ? 3 : 2;
			continue;
		}
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *e = memmem(t + i + 2, len - i - 2, "*/", 2);
			if (!e) {
				*bad = 1;
				return len;
			}
			i = (size_t)(e - t) + 2;
			continue;
		}
		i++;
	}
	return i < len ? i + 1 : i;
}

size_t preamble_end(const char *text, size_t len)
{
	/* a byte-order mark: clang skips it, a copy of the bytes would not
	 * keep the columns of the first line */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		return 0;
	size_t i = 0, end = 0;
	int depth = 0, includes = 0, bad = 0;
	for (;;) {
		i = skip_space_and_comments(text, i, len, &bad);
		if (bad || i >= len || text[i] != '#')
			break;
		char name[16];
		size_t next = directive_end(text, i, len, name, &bad);
		if (bad)
			break;
		if (!strcmp(name, "line"))
			return 0; /* locations would no longer be the file's */
		if (!strncmp(name, "if", 2))
			depth++;
		else if (!strcmp(name, "endif") && --depth < 0)
			return 0;
		else if (!strcmp(name, "include") || !strcmp(name, "import") || !strcmp(name, "include_next"))
			includes++;
		i = next;
		if (depth == 0 && includes)
			end = i;
		/* a directive without a line end ends the file: nothing below
		 * it to reuse the preamble for */
		if (i >= len || text[i - 1] != '\n')
			return 0;
	}
	return end;
}

/* ---- the cache's names -------------------------------------------------- */

struct names {
	char dir[4096], key[33], json[4200], pch[4200], lock[4200];
};

static int name_files(struct names *f, const struct preamble_ctx *c, const char *vpath, const char *text,
                      size_t end)
{
	if (cl_cache_dir(NULL, f->dir, sizeof f->dir) != 0)
		return -1;
	struct cl_hash h;
	cl_hash_init(&h);
	cl_hash_str(&h, "cudalint preamble 1");
	cl_hash_str(&h, CUDALINT_VERSION);
	cl_hash_str(&h, c->toolkit_pch);
	for (int i = 0; i < c->argc; i++)
		cl_hash_str(&h, c->argv[i]);
	char cwd[PATH_MAX];
	cl_hash_str(&h, getcwd(cwd, sizeof cwd) ? cwd : NULL);
	cl_hash_str(&h, vpath);
	cl_hash_add(&h, text, end);
	cl_hash_hex(&h, f->key);
	snprintf(f->json, sizeof f->json, "%s/pre-%s.json", f->dir, f->key);
	snprintf(f->pch, sizeof f->pch, "%s/pre-%s.pch", f->dir, f->key);
	snprintf(f->lock, sizeof f->lock, "%s/pch.lock", f->dir);
	return 0;
}

int preamble_is_file(const char *name)
{
	return !strncmp(name, "pre-", 4) && (strstr(name, ".pch") || strstr(name, ".json"));
}

static int is_preamble_pch(const char *name)
{
	size_t n = strlen(name);
	return !strncmp(name, "pre-", 4) && n > 8 && !strcmp(name + n - 4, ".pch");
}

static int is_preamble_json(const char *name)
{
	size_t n = strlen(name);
	return !strncmp(name, "pre-", 4) && n > 9 && !strcmp(name + n - 5, ".json");
}

static int is_preamble_leftover(const char *name)
{
	return !strncmp(name, "pre-", 4) && strstr(name, ".tmp");
}

static void remove_json(int dirfd, const char *pch)
{
	char json[300];
	if (snprintf(json, sizeof json, "%.*s.json", (int)strlen(pch) - 4, pch) < (int)sizeof json)
		(void)unlinkat(dirfd, json, 0);
}

/* ---- the record --------------------------------------------------------- */

static json_object *stat_entry(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return NULL;
	json_object *e = json_object_new_array();
	json_object_array_add(e, json_object_new_string(path));
	json_object_array_add(e, json_object_new_int64((int64_t)st.st_size));
	json_object_array_add(e, json_object_new_int64((int64_t)st.st_mtim.tv_sec));
	json_object_array_add(e, json_object_new_int64((int64_t)st.st_mtim.tv_nsec));
	return e;
}

static const char *str_at(json_object *a, size_t i)
{
	json_object *v = json_object_array_get_idx(a, i);
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static int64_t int_at(json_object *a, size_t i)
{
	return json_object_get_int64(json_object_array_get_idx(a, i));
}

static json_object *member(json_object *o, const char *key, json_type t)
{
	json_object *v = NULL;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, t) ? v : NULL;
}

/* Whether every file the record lists is as it was when it was built. */
static int files_unchanged(json_object *rec)
{
	json_object *files = member(rec, "files", json_type_array);
	if (!files)
		return 0;
	for (size_t i = 0, n = json_object_array_length(files); i < n; i++) {
		json_object *e = json_object_array_get_idx(files, i);
		const char *path = json_object_is_type(e, json_type_array) ? str_at(e, 0) : NULL;
		struct stat st;
		if (!path || stat(path, &st) != 0 || int_at(e, 1) != (int64_t)st.st_size ||
		    int_at(e, 2) != (int64_t)st.st_mtim.tv_sec || int_at(e, 3) != (int64_t)st.st_mtim.tv_nsec)
			return 0;
	}
	return 1;
}

/* The record of F, when it still holds: NULL when there is none, it
 * does not parse, or a file it lists has changed. */
static json_object *read_record(const struct names *f, char **text)
{
	size_t n;
	char why[256];
	*text = cl_read_regular(f->json, "cannot read", 64u << 20, &n, why, sizeof why);
	if (!*text)
		return NULL;
	json_object *rec = json_tokener_parse(*text);
	if (!rec || !json_object_is_type(rec, json_type_object) || !files_unchanged(rec)) {
		json_object_put(rec);
		free(*text);
		*text = NULL;
		return NULL;
	}
	return rec;
}

/* ---- the build ---------------------------------------------------------- */

struct build {
	const struct preamble_ctx *c;
	const char **args;
	int nargs;
	const char *vpath;
	const char *text;
	size_t end;
	const char *tmp_pch, *tmp_json;
};

/* The project headers the preamble's own #includes entered that have
 * neither an include guard nor #pragma once. The main file's parse meets
 * those #includes again: a guarded header is skipped there, an unguarded
 * one would be read twice. So the main parse is given the file with each
 * such #include's name replaced by one of cudalint's empty headers of
 * the same length (preamble_main_text): every byte, line and column
 * stays where it was. A project -include file that is not guarded, or
 * an unguarded #include whose name a macro makes, leaves the preamble
 * unbuilt (REASON). */
struct guard_check {
	CXTranslationUnit tu;
	const char *text;
	size_t end;
	json_object *blank;  /* [[offset, length], ...] */
	char reason[PATH_MAX + 128];
};

static void check_guard(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct guard_check *g = data;
	if (depth != 1 || g->reason[0])
		return;
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	/* a system header is written to be included again (the C and C++
	 * standard ones must be; libstdc++'s wrappers guard themselves in a
	 * way clang does not take for a guard) */
	if (name && strncmp(name, CL_VDIR, strlen(CL_VDIR)) && !clang_isFileMultipleIncludeGuarded(g->tu, f) &&
	    !clang_Location_isInSystemHeader(clang_getLocationForOffset(g->tu, f, 0))) {
		unsigned off = 0;
		CXFile in = NULL;
		clang_getSpellingLocation(stack[0], &in, NULL, NULL, &off);
		size_t e = off;
		char close = off < g->end && g->text[off] == '<' ? '>' : '"';
		if (in && clang_Location_isFromMainFile(stack[0]) && off < g->end &&
		    (g->text[off] == '<' || g->text[off] == '"')) {
			for (e = off + 1; e < g->end && g->text[e] != close && g->text[e] != '\n'; e++)
				;
		}
		if (e > off && e < g->end && g->text[e] == close) {
			json_object *b = json_object_new_array();
			json_object_array_add(b, json_object_new_int64(off));
			json_object_array_add(b, json_object_new_int64((int64_t)(e - off + 1)));
			json_object_array_add(g->blank, b);
		} else {
			snprintf(g->reason, sizeof g->reason, "%s has no include guard, and is not included by name from "
			         "the file itself", name);
		}
	}
	clang_disposeString(s);
}

static json_object *errors_record(CXTranslationUnit tu)
{
	struct arena *a = arena_new();
	int n = 0;
	struct lower_error *errs = cl_collect_errors(tu, a, &n);
	json_object *out = json_object_new_array();
	for (int i = 0; i < n; i++) {
		if (errs[i].in_main)
			continue; /* in the preamble's own lines: the main parse meets them again */
		json_object *e = json_object_new_object();
		CXString fn = clang_getFileName(errs[i].file);
		const char *name = errs[i].file ? clang_getCString(fn) : NULL;
		json_object_object_add(e, "file", name ? json_object_new_string(name) : NULL);
		clang_disposeString(fn);
		json_object_object_add(e, "offset", json_object_new_int64(errs[i].offset));
		json_object_object_add(e, "text", json_object_new_string(errs[i].text));
		json_object *up = json_object_new_array();
		for (int k = 0; k < errs[i].nup; k++) {
			json_object *u = json_object_new_array();
			CXString un = clang_getFileName(errs[i].up_file[k]);
			json_object_array_add(u, json_object_new_string(clang_getCString(un)));
			clang_disposeString(un);
			json_object_array_add(u, json_object_new_int64(errs[i].up_offset[k]));
			json_object_array_add(up, u);
		}
		json_object_object_add(e, "up", up);
		json_object_array_add(out, e);
	}
	arena_free(a);
	return out;
}

/* The record of a built preamble: what cl_record_deps finds in its unit
 * (the preamble itself left out: its lines are the main file's). */
static json_object *deps_record(CXTranslationUnit tu, const char *vpath, json_object *rec)
{
	struct ir_unit u = { 0 };
	u.arena = arena_new();
	cl_record_deps(tu, &u);
	json_object *files = json_object_new_array(), *inc = json_object_new_array();
	int n = 0;
	for (int i = 0; i < u.ndeps; i++) {
		if (!strcmp(u.deps[i], vpath))
			continue;
		json_object *e = stat_entry(u.deps[i]);
		if (!e) { /* read, and gone since: nothing to check it by */
			json_object_put(files);
			json_object_put(inc);
			arena_free(u.arena);
			return NULL;
		}
		json_object_array_add(files, e);
		n++;
	}
	for (int i = 0; i < u.nincludes; i++) {
		json_object *e = json_object_new_array();
		json_object_array_add(e, json_object_new_string(u.includes[i].file));
		json_object_array_add(e, json_object_new_int64(u.includes[i].line));
		json_object_array_add(e, json_object_new_int64(u.includes[i].col));
		json_object_array_add(inc, e);
	}
	json_object_object_add(rec, "files", files);
	json_object_object_add(rec, "includes", inc);
	json_object_object_add(rec, "uses_cuda_arch", json_object_new_boolean(u.uses_cuda_arch));
	json_object_object_add(rec, "read", json_object_new_int(n));
	arena_free(u.arena);
	return rec;
}

static int write_json(const char *path, json_object *rec)
{
	struct cl_atomic_file af;
	if (cl_atomic_replace(&af, path) != 0)
		return -1;
	if (fputs(json_object_to_json_string_ext(rec, JSON_C_TO_STRING_PLAIN), af.fp) < 0) {
		cl_atomic_abort(&af);
		return -1;
	}
	return cl_atomic_commit(&af);
}

/* In the child: parse the preamble under its name, record it, save its
 * PCH when it holds something the toolkit's does not. */
static int build_child(void *arg)
{
	const struct build *b = arg;
	struct CXUnsavedFile *unsaved = xmalloc((b->c->nunsaved + 1) * sizeof *unsaved);
	memcpy(unsaved, b->c->unsaved, b->c->nunsaved * sizeof *unsaved);
	unsaved[b->c->nunsaved] = (struct CXUnsavedFile){ b->vpath, b->text, (unsigned long)b->end };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(b->c->index, b->vpath, b->args, b->nargs, unsaved,
	                                                  b->c->nunsaved + 1,
	                                                  CXTranslationUnit_ForSerialization |
	                                                          CXTranslationUnit_Incomplete,
	                                                  &tu);
	if (ec != CXError_Success || !tu) {
		fprintf(stderr, "libclang could not parse it (error %d)\n", (int)ec);
		return 1;
	}
	json_object *rec = json_object_new_object();
	if (!deps_record(tu, b->vpath, rec)) {
		fprintf(stderr, "a file it read is gone\n");
		return 1;
	}
	struct guard_check g = { tu, b->text, b->end, json_object_new_array(), { 0 } };
	clang_getInclusions(tu, check_guard, &g);
	json_object_object_add(rec, "blank", g.blank);
	json_object *read = member(rec, "read", json_type_int);
	if (!g.reason[0] && (!read || json_object_get_int(read) == 0))
		snprintf(g.reason, sizeof g.reason, "it reads nothing the toolkit PCH does not hold");
	if (g.reason[0])
		json_object_object_add(rec, "none", json_object_new_string(g.reason));
	json_object *none = member(rec, "none", json_type_string);
	if (!none) {
		json_object_object_add(rec, "errors", errors_record(tu));
		int se = clang_saveTranslationUnit(tu, b->tmp_pch, clang_defaultSaveOptions(tu));
		if (se != CXSaveError_None) {
			fprintf(stderr, "libclang could not write it (save error %d)\n", se);
			return 1;
		}
	}
	if (write_json(b->tmp_json, rec) != 0) {
		fprintf(stderr, "cannot write its record: %s\n", strerror(errno));
		return 1;
	}
	return 0;
}

/* The arguments of the build (the parse's, chained on the toolkit PCH)
 * and of the main file's parse (the project's -include files left out:
 * the preamble holds them, in the order a parse without it reads them). */
static void make_args(const struct preamble_ctx *c, const char *pch_path, int for_main, const char ***out, int *n)
{
	const char **v = xmalloc((size_t)(c->argc + 4) * sizeof *v);
	int k = 0;
	for (int i = 0; i < c->argc; i++) {
		int skip;
		if (for_main && pch_project_include(c->argv, c->argc, c->first_user, i, &skip)) {
			i += skip;
			continue;
		}
		v[k++] = c->argv[i];
	}
	if (!for_main) {
		v[k++] = "-Xclang";
		v[k++] = "-fpch-instantiate-templates";
	}
	v[k++] = "-include-pch";
	v[k++] = pch_path;
	*out = v;
	*n = k;
}

static long long preamble_bytes(void)
{
	return (long long)cl_env_number(CL_ENV_PREAMBLE_MB) << 20;
}

/* Leftovers of killed builds, and the preambles not used lately, under
 * the lock when it can be had at once (else the next build does it). */
static void evict(const struct names *f)
{
	int fd = open(f->lock, O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		cl_cache_sweep(f->dir, is_preamble_leftover, 3600);
		const char *spare = strrchr(f->pch, '/') + 1;
		cl_cache_evict_sized(f->dir, is_preamble_pch, CL_CACHE_MAX_AGE, PREAMBLE_KEEP, preamble_bytes(), spare,
		                     remove_json);
		/* records of preambles that made no PCH */
		cl_cache_evict(f->dir, is_preamble_json, CL_CACHE_MAX_AGE, 0, NULL, NULL);
	}
	close(fd);
}

static int build(const struct names *f, const struct preamble_ctx *c, const char *vpath, const char *text,
                 size_t end)
{
	char tmp_pch[4300], tmp_json[4300], why[600];
	snprintf(tmp_pch, sizeof tmp_pch, "%s.%ld.tmp", f->pch, (long)getpid());
	snprintf(tmp_json, sizeof tmp_json, "%s.%ld.tmp", f->json, (long)getpid());
	struct build b = { c, NULL, 0, vpath, text, end, tmp_pch, tmp_json };
	make_args(c, c->toolkit_pch, 0, &b.args, &b.nargs);
	unsigned limit = guard_pch_timeout();
	int rc = cl_child_run(build_child, &b, (long)limit * 1000, why, sizeof why);
	free(b.args);
	struct stat st;
	int made = rc == 0 && stat(tmp_pch, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
	/* the PCH first: a record without one says there is none */
	if (rc == 0 && (!made || rename(tmp_pch, f->pch) == 0) && rename(tmp_json, f->json) == 0) {
		evict(f);
		return 0;
	}
	unlink(tmp_pch);
	unlink(tmp_json);
	if (rc != 0 && c->verbose)
		cl_eprintf("cudalint: note: %s: the preamble could not be precompiled (%s); parsing without it\n",
		           vpath, why);
	return -1;
}

/* ---- use ---------------------------------------------------------------- */

/* The name the preamble is parsed under: beside the file, so that its
 * "..." includes are found where the file's are, and spelled the way the
 * file is (a header's name in findings is spelled from it). */
static char *preamble_name(const char *clang_path)
{
	const char *slash = strrchr(clang_path, '/');
	size_t dir = slash ? (size_t)(slash - clang_path) + 1 : 0;
	char *v = xmalloc(dir + 40);
	memcpy(v, clang_path, dir);
	strcpy(v + dir, PREAMBLE_NAME);
	return v;
}

/* The main file's text with the names of the unguarded #includes of
 * BLANK replaced by <~~~>, as long, one of cudalint's empty headers
 * (the directory of cudalint's own headers is on the include path). */
static void main_text(struct preamble *p, json_object *blank, const char *clang_path, const char *text, size_t len)
{
	size_t n = blank ? json_object_array_length(blank) : 0;
	if (!n)
		return;
	p->text = xmalloc(len + 1);
	memcpy(p->text, text, len);
	p->text[len] = 0;
	p->unsaved = xcalloc(n + 1, sizeof *p->unsaved);
	p->unsaved[0] = (struct CXUnsavedFile){ clang_path, p->text, (unsigned long)len };
	p->nunsaved = 1;
	for (size_t i = 0; i < n; i++) {
		json_object *b = json_object_array_get_idx(blank, i);
		int64_t off = int_at(b, 0), w = int_at(b, 1);
		if (off < 0 || w < 3 || (size_t)(off + w) > len)
			continue;
		p->text[off] = '<';
		memset(p->text + off + 1, '~', (size_t)w - 2);
		p->text[off + w - 1] = '>';
		char *name = xmalloc(strlen(CL_VDIR) + (size_t)w + 2);
		sprintf(name, "%s/%.*s", CL_VDIR, (int)w - 2, p->text + off + 1);
		unsigned k = 1;
		while (k < p->nunsaved && strcmp(p->unsaved[k].Filename, name))
			k++;
		if (k < p->nunsaved) {
			free(name);
			continue;
		}
		p->unsaved[p->nunsaved++] = (struct CXUnsavedFile){ name, "", 0 };
	}
}

int preamble_get(struct preamble *p, const struct preamble_ctx *c, const char *clang_path, const char *text,
                 size_t len)
{
	memset(p, 0, sizeof *p);
	if (!c->toolkit_pch || cl_env_number(CL_ENV_PREAMBLE_MB) == 0)
		return -1;
	size_t end = preamble_end(text, len);
	if (!end)
		return -1;
	char *vpath = preamble_name(clang_path);
	struct names f;
	int rc = -1;
	if (name_files(&f, c, vpath, text, end) != 0)
		goto out;
	char *json = NULL;
	json_object *rec = read_record(&f, &json);
	if (!rec) {
		if (build(&f, c, vpath, text, end) != 0)
			goto out;
		rec = read_record(&f, &json);
		if (!rec)
			goto out;
	}
	json_object *none = member(rec, "none", json_type_string);
	struct stat st;
	if (none) {
		if (c->verbose)
			cl_eprintf("cudalint: note: %s: no preamble precompiled: %s\n", clang_path,
			           json_object_get_string(none));
	} else if (stat(f.pch, &st) == 0 && S_ISREG(st.st_mode)) {
		cl_cache_touch(f.pch);
		cl_cache_touch(f.json);
		p->pch = xstrdup(f.pch);
		p->meta = json;
		json = NULL;
		make_args(c, p->pch, 1, &p->args, &p->nargs);
		main_text(p, member(rec, "blank", json_type_array), clang_path, text, len);
		rc = 0;
	}
	json_object_put(rec);
	free(json);
out:
	free(vpath);
	return rc;
}

void preamble_release(struct preamble *p)
{
	for (unsigned i = 1; i < p->nunsaved; i++)
		free((char *)p->unsaved[i].Filename);
	free(p->unsaved);
	free(p->text);
	free(p->pch);
	free(p->args);
	free(p->meta);
	memset(p, 0, sizeof *p);
}

void preamble_discard(struct preamble *p)
{
	if (p->pch) {
		unlink(p->pch);
		size_t n = strlen(p->pch);
		char *json = xmalloc(n + 2);
		snprintf(json, n + 2, "%.*s.json", (int)n - 4, p->pch);
		unlink(json);
		free(json);
	}
	preamble_release(p);
}

/* ---- what the main file's parse does not see again ---------------------- */

static json_object *meta(const struct preamble *p)
{
	return p->meta ? json_tokener_parse(p->meta) : NULL;
}

/* The file NAME in TU; the preamble's own name is the main file's. */
static CXFile file_in(CXTranslationUnit tu, const char *name)
{
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	if (strcmp(base, PREAMBLE_NAME))
		return clang_getFile(tu, name);
	CXString main = clang_getTranslationUnitSpelling(tu);
	CXFile f = clang_getFile(tu, clang_getCString(main));
	clang_disposeString(main);
	return f;
}

void preamble_errors(const struct preamble *p, CXTranslationUnit tu, struct arena *a, struct lower_error **errs,
                     int *n)
{
	json_object *rec = meta(p), *list = rec ? member(rec, "errors", json_type_array) : NULL;
	size_t k = list ? json_object_array_length(list) : 0;
	if (k) {
		/* before the main file's own: clang meets them first */
		struct lower_error *v = arena_alloc(a, (k + (size_t)*n + 1) * sizeof *v);
		size_t m = 0;
		for (size_t i = 0; i < k; i++) {
			json_object *e = json_object_array_get_idx(list, i), *text, *up, *file, *off;
			if (!(text = member(e, "text", json_type_string)) || !(off = member(e, "offset", json_type_int)))
				continue;
			struct lower_error *x = &v[m++];
			memset(x, 0, sizeof *x);
			file = member(e, "file", json_type_string);
			x->file = file ? file_in(tu, json_object_get_string(file)) : NULL;
			x->offset = (unsigned)json_object_get_int64(off);
			x->text = arena_strdup(a, json_object_get_string(text));
			up = member(e, "up", json_type_array);
			for (size_t u = 0; up && u < json_object_array_length(up) && x->nup < LOWER_INCLUDE_DEPTH; u++) {
				json_object *w = json_object_array_get_idx(up, u);
				const char *name = str_at(w, 0);
				if (!name)
					break;
				x->up_file[x->nup] = file_in(tu, name);
				x->up_offset[x->nup++] = (unsigned)int_at(w, 1);
			}
		}
		memcpy(v + m, *errs, (size_t)*n * sizeof *v);
		*errs = v;
		*n += (int)m;
	}
	json_object_put(rec);
}

void preamble_deps(const struct preamble *p, struct ir_unit *u)
{
	json_object *rec = meta(p);
	json_object *files = rec ? member(rec, "files", json_type_array) : NULL;
	json_object *inc = rec ? member(rec, "includes", json_type_array) : NULL;
	if (!files || !inc) {
		json_object_put(rec);
		return;
	}
	/* the main file first, as cl_record_deps lists it; then the
	 * preamble's; then what the main file's own parse read */
	size_t nf = json_object_array_length(files), ni = json_object_array_length(inc);
	const char **d = arena_alloc(u->arena, (nf + (size_t)u->ndeps + 1) * sizeof *d);
	int k = 0;
	if (u->ndeps)
		d[k++] = u->deps[0];
	for (size_t i = 0; i < nf; i++) {
		const char *name = str_at(json_object_array_get_idx(files, i), 0);
		if (name)
			d[k++] = arena_strdup(u->arena, name);
	}
	for (int i = 1; i < u->ndeps; i++) {
		int seen = 0;
		for (int j = 1; j < k && !seen; j++)
			seen = !strcmp(d[j], u->deps[i]);
		if (!seen)
			d[k++] = u->deps[i];
	}
	d[k] = NULL;
	u->deps = d;
	u->ndeps = k;
	struct ir_include *w = arena_alloc(u->arena, (ni + (size_t)u->nincludes + 1) * sizeof *w);
	int m = 0;
	for (size_t i = 0; i < ni; i++) {
		json_object *e = json_object_array_get_idx(inc, i);
		const char *name = str_at(e, 0);
		if (name)
			w[m++] = (struct ir_include){ arena_strdup(u->arena, name), (unsigned)int_at(e, 1),
				                      (unsigned)int_at(e, 2) };
	}
	memcpy(w + m, u->includes, (size_t)u->nincludes * sizeof *w);
	u->includes = w;
	u->nincludes += m;
	json_object *arch = member(rec, "uses_cuda_arch", json_type_boolean);
	if (arch && json_object_get_boolean(arch))
		u->uses_cuda_arch = 1;
	json_object_put(rec);
}
