/* baseline.c - baseline files (json-c) and matching by fingerprint. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "control/baseline.h"

#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control/fingerprint.h"
#include "control/suppress.h"
#include "rule.h"
#include "util/atomic_file.h"
#include "util/json_write.h"
#include "util/regfile.h"
#include "util/srctext.h"
#include "util/xalloc.h"

#ifndef CUDALINT_VERSION
#define CUDALINT_VERSION "0.1.0"
#endif

int cl_baseline_write(const char *path, const struct cl_findings *f, const char *root,
		      char *err, size_t errlen)
{
	struct cl_fingerprints fps;
	if (cl_fingerprint_all(f, root, NULL, &fps) < 0) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	json_object *top = cl_json_document(CL_BASELINE_VERSION);
	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		if (fd->suppressed == CL_SUPPRESSED_INSOURCE)
			continue;
		char rel[PATH_MAX];
		const char *file = fd->pos.file ? fd->pos.file : "";
		if (cl_srctext_relpath(file, root, rel, sizeof rel) >= 0)
			file = rel;
		json_object *o = json_object_new_object();
		json_object_object_add(o, "fingerprint", json_object_new_string(fps.v[i]));
		json_object_object_add(o, "rule_id", json_object_new_string(fd->rule ? fd->rule->id : ""));
		json_object_object_add(o, "file", json_object_new_string(file));
		json_object_object_add(o, "function", fd->function ? json_object_new_string(fd->function) : NULL);
		json_object_object_add(o, "line", json_object_new_int64(fd->pos.line));
		json_object_object_add(o, "message", json_object_new_string(fd->message ? fd->message : ""));
		json_object_array_add(arr, o);
	}
	json_object_object_add(top, "findings", arr);
	cl_fingerprints_free(&fps);

	struct cl_atomic_file af;
	int rc = 0;
	if (cl_atomic_open(&af, path) < 0) {
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
		rc = -1;
	} else {
		if (cl_json_write(af.fp, top) < 0) {
			int e = errno;
			cl_atomic_abort(&af);
			snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
			rc = -1;
		} else if (cl_atomic_commit(&af) < 0) {
			snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
			rc = -1;
		}
	}
	json_object_put(top);
	return rc;
}

static char *get_str(json_object *o, const char *key, int required, int *bad)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null)) {
		if (required)
			*bad = 1;
		return NULL;
	}
	if (!json_object_is_type(v, json_type_string)) {
		*bad = 1;
		return NULL;
	}
	return xstrdup(json_object_get_string(v));
}

void cl_baseline_free(struct cl_baseline *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].fingerprint);
		free(b->v[i].rule_id);
		free(b->v[i].file);
		free(b->v[i].function);
		free(b->v[i].message);
	}
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

/* The JSON document in PATH, or NULL with a message that does not depend
 * on json-c's version. */
static json_object *read_json(const char *path, char *err, size_t errlen)
{
	size_t n;
	char why[256];
	char *buf = cl_read_regular(path, "cannot read baseline", SIZE_MAX, &n, why, sizeof why);
	if (!buf) {
		snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	json_tokener *tok = json_tokener_new();
	json_object *top = tok ? json_tokener_parse_ex(tok, buf, (int)n) : NULL;
	if (!top) {
		enum json_tokener_error e = tok ? json_tokener_get_error(tok) : json_tokener_success;
		snprintf(err, errlen, "%s: not a cudalint baseline: invalid JSON (%s)", path,
			 !tok ? "out of memory"
			 : e == json_tokener_continue ? "unexpected end of file" : json_tokener_error_desc(e));
	}
	if (tok)
		json_tokener_free(tok);
	free(buf);
	return top;
}

int cl_baseline_load(const char *path, struct cl_baseline *out, char *err, size_t errlen)
{
	out->v = NULL;
	out->n = 0;
	json_object *top = read_json(path, err, errlen);
	if (!top)
		return -1;
	json_object *ver, *arr;
	if (!json_object_is_type(top, json_type_object) ||
	    !json_object_object_get_ex(top, "version", &ver) || !json_object_is_type(ver, json_type_int)) {
		snprintf(err, errlen, "%s: not a cudalint baseline (no \"version\")", path);
		json_object_put(top);
		return -1;
	}
	if (json_object_get_int(ver) != CL_BASELINE_VERSION) {
		snprintf(err, errlen, "%s: baseline version %d is not supported (expected %d)", path,
			 json_object_get_int(ver), CL_BASELINE_VERSION);
		json_object_put(top);
		return -1;
	}
	if (!json_object_object_get_ex(top, "findings", &arr) || !json_object_is_type(arr, json_type_array)) {
		snprintf(err, errlen, "%s: not a cudalint baseline (no \"findings\" array)", path);
		json_object_put(top);
		return -1;
	}
	size_t n = json_object_array_length(arr);
	out->v = xcalloc(n ? n : 1, sizeof *out->v);
	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_array_get_idx(arr, i);
		int bad = !json_object_is_type(o, json_type_object);
		struct cl_baseline_entry *e = &out->v[out->n++];
		if (!bad) {
			json_object *l;
			e->fingerprint = get_str(o, "fingerprint", 1, &bad);
			e->rule_id = get_str(o, "rule_id", 0, &bad);
			e->file = get_str(o, "file", 0, &bad);
			e->function = get_str(o, "function", 0, &bad);
			e->message = get_str(o, "message", 0, &bad);
			if (json_object_object_get_ex(o, "line", &l) && json_object_is_type(l, json_type_int))
				e->line = (unsigned)json_object_get_int64(l);
		}
		if (bad) {
			snprintf(err, errlen, "%s: baseline entry %zu is malformed (needs a \"fingerprint\" string)",
				 path, i + 1);
			json_object_put(top);
			cl_baseline_free(out);
			return -1;
		}
	}
	json_object_put(top);
	return 0;
}

struct fp_ref {
	const char *fp;
	size_t idx;
};

static int cmp_ref(const void *a, const void *b)
{
	const struct fp_ref *x = a, *y = b;
	int c = strcmp(x->fp, y->fp);
	return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

int cl_baseline_apply(const struct cl_baseline *b, struct cl_findings *f, const char *root,
		      const struct cl_baseline_entry ***stale_out, size_t *nstale_out)
{
	struct cl_fingerprints fps;
	if (cl_fingerprint_all(f, root, NULL, &fps) < 0)
		return -1;
	/* Entries sorted by fingerprint; each is consumed at most once. */
	struct fp_ref *refs = xmalloc((b->n ? b->n : 1) * sizeof *refs);
	char *taken = xcalloc(b->n ? b->n : 1, 1);
	for (size_t i = 0; i < b->n; i++)
		refs[i] = (struct fp_ref){b->v[i].fingerprint, i};
	qsort(refs, b->n, sizeof *refs, cmp_ref);
	int marked = 0;
	for (size_t i = 0; i < f->n; i++) {
		size_t lo = 0, hi = b->n;
		while (lo < hi) { /* first entry >= fingerprint */
			size_t mid = (lo + hi) / 2;
			if (strcmp(refs[mid].fp, fps.v[i]) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < b->n && strcmp(refs[lo].fp, fps.v[i]) == 0; lo++) {
			if (taken[lo])
				continue;
			taken[lo] = 1;
			if (!f->v[i].suppressed) {
				f->v[i].suppressed = CL_SUPPRESSED_BASELINE;
				marked++;
			}
			break;
		}
	}
	if (stale_out) {
		const struct cl_baseline_entry **st = xmalloc((b->n ? b->n : 1) * sizeof *st);
		size_t ns = 0;
		/* in file order, not fingerprint order */
		char *stale = xcalloc(b->n ? b->n : 1, 1);
		for (size_t k = 0; k < b->n; k++)
			if (!taken[k])
				stale[refs[k].idx] = 1;
		for (size_t k = 0; k < b->n; k++)
			if (stale[k])
				st[ns++] = &b->v[k];
		free(stale);
		*stale_out = st;
		*nstale_out = ns;
	}
	free(refs);
	free(taken);
	cl_fingerprints_free(&fps);
	return marked;
}
