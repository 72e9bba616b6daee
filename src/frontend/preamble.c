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
 * are evicted, least recently used first, beyond 1000 of them or
 * $CUDALINT_PREAMBLE_MB megabytes (1024), under the toolkit PCH's lock. */
#define _GNU_SOURCE /* memmem */
#include "frontend/preamble_internal.h"
#include "frontend/nvcc_args.h"
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
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PREAMBLE_KEEP 1000

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

/* The directive at I ('#'): its name in NAME, the plain identifier that
 * follows it in WORD (empty when something else does, or when it is
 * longer than WORD holds: an #ifndef's or #define's macro), and the
 * offset after its last line (backslash continuations and block comments
 * inside it followed). */
static size_t directive_end(const char *t, size_t i, size_t len, char name[16], char word[128], int *bad)
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
	while (i < len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	n = 0;
	while (i < len && n < 127 &&
	       ((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= '0' && t[i] <= '9') ||
	        t[i] == '_'))
		word[n++] = t[i++];
	if (n == 127 || (i < len && t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r' && t[i] != '/'))
		n = 0; /* too long, or not a plain identifier */
	word[n] = 0;
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

size_t preamble_end(const char *text, size_t len, struct preamble_guard *g)
{
	*g = (struct preamble_guard){ 0, 0 };
	/* a byte-order mark: clang skips it, a copy of the bytes would not
	 * keep the columns of the first line */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		return 0;
	size_t i = 0, end = 0;
	/* BASE: the #if a whole-file include guard leaves open (1), inside
	 * which the preamble runs */
	int depth = 0, base = 0, includes = 0, bad = 0, n = 0;
	char guard[128] = "";
	for (;; n++) {
		i = skip_space_and_comments(text, i, len, &bad);
		if (bad || i >= len || text[i] != '#')
			break;
		char name[16], word[128];
		size_t next = directive_end(text, i, len, name, word, &bad);
		if (bad)
			break;
		if (!strcmp(name, "line"))
			return 0; /* locations would no longer be the file's */
		if (n == 0 && !strcmp(name, "ifndef"))
			strcpy(guard, word);
		if (n == 1 && guard[0] && !strcmp(name, "define") && !strcmp(word, guard)) {
			base = 1;
			g->define_at = i;
			g->define_end = next - (text[next - 1] == '\n');
		}
		if (!strncmp(name, "if", 2))
			depth++;
		else if (!strcmp(name, "endif") && --depth < 0)
			return 0;
		else if (!strcmp(name, "include") || !strcmp(name, "import") || !strcmp(name, "include_next"))
			includes++;
		if (depth < base)
			break; /* the guard closed: what follows is outside it */
		i = next;
		if (depth == base && includes)
			end = i;
		/* a directive without a line end ends the file: nothing below
		 * it to reuse the preamble for */
		if (i >= len || text[i - 1] != '\n')
			return 0;
	}
	if (!end)
		*g = (struct preamble_guard){ 0, 0 };
	return end;
}

char *preamble_text(const char *text, size_t end, const struct preamble_guard *g, size_t *n)
{
	static const char close[] = "#endif\n";
	size_t extra = g->define_end ? sizeof close - 1 : 0;
	char *t = xmalloc(end + extra + 1);
	memcpy(t, text, end);
	for (size_t i = g->define_at; i < g->define_end; i++)
		if (t[i] != '\n' && t[i] != '\r')
			t[i] = ' ';
	memcpy(t + end, close, extra);
	t[end + extra] = 0;
	*n = end + extra;
	return t;
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
	cl_hash_str(&h, "cudalint preamble 2"); /* 2: a preamble that reads the file itself makes none */
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

/* ---- the build ---------------------------------------------------------- */

struct build {
	const struct preamble_ctx *c;
	const char **args;
	int nargs;
	const char *vpath;
	const char *self; /* the file, as clang is given it */
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
 * unbuilt (REASON), as does a preamble that reads the file itself. */
struct inclusion_check {
	CXTranslationUnit tu;
	const char *text;
	size_t end;
	CXFile self;         /* the file itself, as clang knows it (NULL: not at all) */
	json_object *blank;  /* [[offset, length], ...] */
	char reason[PATH_MAX + 128];
};

static void check_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct inclusion_check *g = data;
	if (g->reason[0])
		return;
	/* A preamble that reads the file itself (a header its own includes
	 * include again, under #pragma once) would hold the file's whole
	 * text, which the main parse then reads a second time */
	if (depth >= 1 && g->self && clang_File_isEqual(f, g->self)) {
		snprintf(g->reason, sizeof g->reason, "it includes the file itself");
		return;
	}
	if (depth != 1)
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

/* In the child: parse the preamble under its name, record it, save its
 * PCH when it holds something the toolkit's does not. KeepGoing, as the
 * file's own parse: a header not found is an error after which the rest
 * is parsed, not a fatal one that leaves it out. */
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
	                                                          CXTranslationUnit_Incomplete |
	                                                          CXTranslationUnit_KeepGoing,
	                                                  &tu);
	if (ec != CXError_Success || !tu) {
		fprintf(stderr, "libclang could not parse it (error %d)\n", (int)ec);
		return 1;
	}
	json_object *rec = json_object_new_object();
	if (!preamble_deps_record(tu, b->vpath, rec)) {
		fprintf(stderr, "a file it read is gone\n");
		return 1;
	}
	struct inclusion_check g = { tu, b->text, b->end, clang_getFile(tu, b->self), json_object_new_array(), { 0 } };
	clang_getInclusions(tu, check_inclusion, &g);
	json_object_object_add(rec, "blank", g.blank);
	json_object *read = preamble_member(rec, "read", json_type_int);
	if (!g.reason[0] && (!read || json_object_get_int(read) == 0))
		snprintf(g.reason, sizeof g.reason, "it reads nothing the toolkit PCH does not hold");
	if (g.reason[0])
		json_object_object_add(rec, "none", json_object_new_string(g.reason));
	json_object *none = preamble_member(rec, "none", json_type_string);
	if (!none) {
		json_object_object_add(rec, "errors", preamble_errors_record(tu));
		int se = clang_saveTranslationUnit(tu, b->tmp_pch, clang_defaultSaveOptions(tu));
		if (se != CXSaveError_None) {
			fprintf(stderr, "libclang could not write it (save error %d)\n", se);
			return 1;
		}
	}
	if (preamble_write_json(b->tmp_json, rec) != 0) {
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
	if (pch_path) { /* NULL: a preamble not chained on the toolkit PCH */
		v[k++] = "-include-pch";
		v[k++] = pch_path;
	}
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
	int fd;
	if (pch_lock_try(f->lock, &fd) == PCH_LOCKED) {
		cl_cache_sweep(f->dir, is_preamble_leftover, 3600);
		const char *spare = strrchr(f->pch, '/') + 1;
		cl_cache_evict_sized(f->dir, is_preamble_pch, CL_CACHE_MAX_AGE, PREAMBLE_KEEP, preamble_bytes(), spare,
		                     remove_json);
		/* records of preambles that made no PCH */
		cl_cache_evict(f->dir, is_preamble_json, CL_CACHE_MAX_AGE, 0, NULL, NULL);
		close(fd);
	}
}

static int build(const struct names *f, const struct preamble_ctx *c, const char *vpath, const char *self,
                 const char *text, size_t end)
{
	char tmp_pch[4300], tmp_json[4300], why[600];
	snprintf(tmp_pch, sizeof tmp_pch, "%s.%ld.tmp", f->pch, (long)getpid());
	snprintf(tmp_json, sizeof tmp_json, "%s.%ld.tmp", f->json, (long)getpid());
	struct build b = { c, NULL, 0, vpath, self, text, end, tmp_pch, tmp_json };
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
		int64_t off = preamble_int_at(b, 0), w = preamble_int_at(b, 1);
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

/* What preamble_get and preamble_known_errors look a file's preamble up
 * by: its bytes as precompiled, its name beside the file, and its files
 * in the cache. */
struct lookup {
	char *pre, *vpath;
	size_t npre;
	struct names f;
};

/* LK for TEXT: 0, or -1 when it has no preamble worth precompiling,
 * preambles are off, or there is no cache directory. lookup_free after
 * either. */
static int lookup_of(struct lookup *lk, const struct preamble_ctx *c, const char *clang_path, const char *text,
                     size_t len)
{
	memset(lk, 0, sizeof *lk);
	if (cl_env_number(CL_ENV_PREAMBLE_MB) == 0)
		return -1;
	struct preamble_guard g;
	size_t end = preamble_end(text, len, &g);
	if (!end)
		return -1;
	lk->pre = preamble_text(text, end, &g, &lk->npre);
	lk->vpath = preamble_name(clang_path);
	return name_files(&lk->f, c, lk->vpath, lk->pre, lk->npre);
}

static void lookup_free(struct lookup *lk)
{
	free(lk->vpath);
	free(lk->pre);
}

int preamble_get(struct preamble *p, const struct preamble_ctx *c, const char *clang_path, const char *text,
                 size_t len)
{
	memset(p, 0, sizeof *p);
	struct lookup lk;
	const struct names *f = &lk.f;
	int rc = -1;
	if (lookup_of(&lk, c, clang_path, text, len) != 0)
		goto out;
	char *json = NULL;
	json_object *rec = preamble_record_read(f->json, &json);
	struct stat st;
	if (rec && !preamble_member(rec, "none", json_type_string) && stat(f->pch, &st) != 0) {
		json_object_put(rec); /* a record whose PCH is gone (removed by hand) */
		free(json);
		json = NULL;
		rec = NULL;
	}
	if (!rec) {
		if (build(f, c, lk.vpath, clang_path, lk.pre, lk.npre) != 0)
			goto out;
		rec = preamble_record_read(f->json, &json);
		if (!rec)
			goto out;
	}
	json_object *none = preamble_member(rec, "none", json_type_string);
	if (none) {
		if (c->verbose)
			cl_eprintf("cudalint: note: %s: no preamble precompiled: %s\n", clang_path,
			           json_object_get_string(none));
	} else if (stat(f->pch, &st) == 0 && S_ISREG(st.st_mode)) {
		cl_cache_touch(f->pch);
		cl_cache_touch(f->json);
		p->pch = xstrdup(f->pch);
		p->meta = json_object_get(rec);
		make_args(c, p->pch, 1, &p->args, &p->nargs);
		main_text(p, preamble_member(rec, "blank", json_type_array), clang_path, text, len);
		rc = 0;
	}
	json_object_put(rec);
	free(json);
out:
	lookup_free(&lk);
	return rc;
}

int preamble_known_errors(const struct preamble_ctx *c, const char *clang_path, const char *text, size_t len,
                          struct strvec *files)
{
	struct lookup lk;
	char *json = NULL;
	json_object *rec = lookup_of(&lk, c, clang_path, text, len) == 0 ? preamble_record_read(lk.f.json, &json) : NULL;
	json_object *errs = rec ? preamble_member(rec, "errors", json_type_array) : NULL;
	json_object *read = rec ? preamble_member(rec, "files", json_type_array) : NULL;
	int known = errs && json_object_array_length(errs) > 0 && read;
	if (known) { /* used, as preamble_get marks it: not the next one evicted */
		cl_cache_touch(lk.f.pch);
		cl_cache_touch(lk.f.json);
	}
	for (size_t i = 0, n = known ? json_object_array_length(read) : 0; i < n; i++) {
		const char *path = preamble_str_at(json_object_array_get_idx(read, i), 0);
		if (path)
			nvcc_strvec_push(files, path);
	}
	json_object_put(rec);
	free(json);
	lookup_free(&lk);
	return known;
}

void preamble_release(struct preamble *p)
{
	for (unsigned i = 1; i < p->nunsaved; i++)
		free((char *)p->unsaved[i].Filename);
	free(p->unsaved);
	free(p->text);
	free(p->pch);
	free(p->args);
	json_object_put(p->meta);
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

