/* preamble_record.c - what a preamble's build records (pre-KEY.json,
 * preamble.c) and what the main file's parse is handed back from it:
 * the files the build read, with their sizes and times; the #includes
 * of the file that brought them in; clang's errors inside them; and, for
 * the lowering, the names a parse without the preamble gives them. */
#include "frontend/preamble_internal.h"
#include "frontend/deps.h"
#include "ir/ir.h"
#include "util/arena.h"
#include "util/atomic_file.h"
#include "util/regfile.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


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

const char *preamble_str_at(json_object *a, size_t i)
{
	json_object *v = json_object_array_get_idx(a, i);
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

int64_t preamble_int_at(json_object *a, size_t i)
{
	return json_object_get_int64(json_object_array_get_idx(a, i));
}

json_object *preamble_member(json_object *o, const char *key, json_type t)
{
	json_object *v = NULL;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, t) ? v : NULL;
}

/* Whether every file the record lists is as it was when it was built. */
static int files_unchanged(json_object *rec)
{
	json_object *files = preamble_member(rec, "files", json_type_array);
	if (!files)
		return 0;
	for (size_t i = 0, n = json_object_array_length(files); i < n; i++) {
		json_object *e = json_object_array_get_idx(files, i);
		const char *path = json_object_is_type(e, json_type_array) ? preamble_str_at(e, 0) : NULL;
		struct stat st;
		if (!path || stat(path, &st) != 0 || preamble_int_at(e, 1) != (int64_t)st.st_size ||
		    preamble_int_at(e, 2) != (int64_t)st.st_mtim.tv_sec || preamble_int_at(e, 3) != (int64_t)st.st_mtim.tv_nsec)
			return 0;
	}
	return 1;
}

/* The record of F, when it still holds: NULL when there is none, it
 * does not parse, or a file it lists has changed. */
json_object *preamble_record_read(const char *path, char **text)
{
	size_t n;
	char why[256];
	*text = cl_read_regular(path, "cannot read", 64u << 20, &n, why, sizeof why);
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

json_object *preamble_errors_record(CXTranslationUnit tu)
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
json_object *preamble_deps_record(CXTranslationUnit tu, const char *vpath, json_object *rec)
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

int preamble_write_json(const char *path, json_object *rec)
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

/* ---- what the main file's parse does not see again ---------------------- */

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
	json_object *rec = p->meta, *list = rec ? preamble_member(rec, "errors", json_type_array) : NULL;
	size_t k = list ? json_object_array_length(list) : 0;
	if (k) {
		/* before the main file's own: clang meets them first */
		struct lower_error *v = arena_alloc(a, (k + (size_t)*n + 1) * sizeof *v);
		size_t m = 0;
		for (size_t i = 0; i < k; i++) {
			json_object *e = json_object_array_get_idx(list, i), *text, *up, *file, *off;
			if (!(text = preamble_member(e, "text", json_type_string)) || !(off = preamble_member(e, "offset", json_type_int)))
				continue;
			struct lower_error *x = &v[m++];
			memset(x, 0, sizeof *x);
			file = preamble_member(e, "file", json_type_string);
			x->file = file ? file_in(tu, json_object_get_string(file)) : NULL;
			x->offset = (unsigned)json_object_get_int64(off);
			x->text = arena_strdup(a, json_object_get_string(text));
			up = preamble_member(e, "up", json_type_array);
			for (size_t u = 0; up && u < json_object_array_length(up) && x->nup < LOWER_INCLUDE_DEPTH; u++) {
				json_object *w = json_object_array_get_idx(up, u);
				const char *name = preamble_str_at(w, 0);
				if (!name)
					break;
				x->up_file[x->nup] = file_in(tu, name);
				x->up_offset[x->nup++] = (unsigned)preamble_int_at(w, 1);
			}
		}
		memcpy(v + m, *errs, (size_t)*n * sizeof *v);
		*errs = v;
		*n += (int)m;
	}
}

void preamble_deps(const struct preamble *p, struct ir_unit *u)
{
	json_object *rec = p->meta;
	json_object *files = rec ? preamble_member(rec, "files", json_type_array) : NULL;
	json_object *inc = rec ? preamble_member(rec, "includes", json_type_array) : NULL;
	if (!files || !inc)
		return;
	/* the main file first, as cl_record_deps lists it; then the
	 * preamble's; then what the main file's own parse read */
	size_t nf = json_object_array_length(files), ni = json_object_array_length(inc);
	const char **d = arena_alloc(u->arena, (nf + (size_t)u->ndeps + 1) * sizeof *d);
	int k = 0;
	if (u->ndeps)
		d[k++] = u->deps[0];
	for (size_t i = 0; i < nf; i++) {
		const char *name = preamble_str_at(json_object_array_get_idx(files, i), 0);
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
		const char *name = preamble_str_at(e, 0);
		if (name)
			w[m++] = (struct ir_include){ arena_strdup(u->arena, name), (unsigned)preamble_int_at(e, 1),
				                      (unsigned)preamble_int_at(e, 2) };
	}
	memcpy(w + m, u->includes, (size_t)u->nincludes * sizeof *w);
	u->includes = w;
	u->nincludes += m;
	json_object *arch = preamble_member(rec, "uses_cuda_arch", json_type_boolean);
	if (arch && json_object_get_boolean(arch))
		u->uses_cuda_arch = 1;
}

void preamble_aliases(const struct preamble *p, CXTranslationUnit tu, struct arena *a, struct lower_alias **out,
                      int *n)
{
	json_object *rec = p->meta, *files = rec ? preamble_member(rec, "files", json_type_array) : NULL;
	size_t k = files ? json_object_array_length(files) : 0;
	*out = k ? arena_alloc(a, k * sizeof **out) : NULL;
	*n = 0;
	for (size_t i = 0; i < k; i++) {
		const char *name = preamble_str_at(json_object_array_get_idx(files, i), 0);
		CXFile f = name ? clang_getFile(tu, name) : NULL;
		if (f)
			(*out)[(*n)++] = (struct lower_alias){ f, arena_strdup(a, name) };
	}
}
