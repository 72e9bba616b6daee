/* results.c - see results.h. */
#include "results.h"

#include "check.h"
#include "rules.h"
#include "util/xalloc.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void put_pos(struct json_object *o, const struct cl_pos *p)
{
	json_object_object_add(o, "file", str_or_null(p->file));
	json_object_object_add(o, "line", json_object_new_int64(p->line));
	json_object_object_add(o, "col", json_object_new_int64(p->col));
}

struct json_object *cl_results_to_json(const struct cl_finding *f, size_t nf, const struct cl_failure *x,
                                       size_t nx)
{
	struct json_object *root = json_object_new_object(), *fa = json_object_new_array();
	for (size_t i = 0; i < nf; i++) {
		struct json_object *o = json_object_new_object(), *notes = json_object_new_array();
		json_object_object_add(o, "rule", json_object_new_string(f[i].rule->id));
		json_object_object_add(o, "level", json_object_new_int(f[i].level));
		put_pos(o, &f[i].pos);
		json_object_object_add(o, "message", str_or_null(f[i].message));
		json_object_object_add(o, "function", str_or_null(f[i].function));
		json_object_object_add(o, "suppressed", json_object_new_int(f[i].suppressed));
		for (int k = 0; k < f[i].nnotes && k < CL_MAX_NOTES; k++) {
			struct json_object *n = json_object_new_object();
			put_pos(n, &f[i].notes[k].pos);
			json_object_object_add(n, "message", str_or_null(f[i].notes[k].message));
			json_object_array_add(notes, n);
		}
		json_object_object_add(o, "notes", notes);
		json_object_array_add(fa, o);
	}
	json_object_object_add(root, "findings", fa);
	struct json_object *xa = json_object_new_array();
	for (size_t i = 0; i < nx; i++) {
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "file", str_or_null(x[i].file));
		json_object_object_add(o, "reason", str_or_null(x[i].reason));
		json_object_array_add(xa, o);
	}
	json_object_object_add(root, "failures", xa);
	return root;
}

char *cl_results_serialise(const struct cl_finding *f, size_t nf, const struct cl_failure *x, size_t nx)
{
	struct json_object *j = cl_results_to_json(f, nf, x, nx);
	char *s = xstrdup(json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN));
	json_object_put(j);
	return s;
}

/* ---- reading ----------------------------------------------------------- */

static int bad(char *err, size_t len, const char *what, size_t i)
{
	snprintf(err, len, "malformed results: %s (entry %zu)", what, i);
	return -1;
}

/* *out: the string, NULL for JSON null; -1 when neither (or absent and
 * not nullable). */
static int get_str(struct json_object *o, const char *key, int nullable, const char **out)
{
	struct json_object *v;
	if (!json_object_object_get_ex(o, key, &v) || !v) {
		*out = NULL;
		return nullable ? 0 : -1;
	}
	if (!json_object_is_type(v, json_type_string))
		return -1;
	*out = json_object_get_string(v);
	return 0;
}

static int get_uint(struct json_object *o, const char *key, unsigned *out)
{
	struct json_object *v;
	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
		return -1;
	int64_t n = json_object_get_int64(v);
	if (n < 0 || n > 0xffffffffll)
		return -1;
	*out = (unsigned)n;
	return 0;
}

static int get_pos(struct json_object *o, int nullable_file, struct cl_pos *p)
{
	const char *file;
	if (get_str(o, "file", nullable_file, &file) < 0 || get_uint(o, "line", &p->line) < 0 ||
	    get_uint(o, "col", &p->col) < 0)
		return -1;
	p->file = cl_intern(file);
	return 0;
}

static void push_finding(struct cl_findings *out, const struct cl_finding *f)
{
	if (out->n == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 16;
		out->v = xrealloc(out->v, out->cap * sizeof *out->v);
	}
	out->v[out->n++] = *f;
}

static int read_finding(struct json_object *o, struct cl_finding *f)
{
	const char *id, *msg, *fn;
	unsigned level, supp;
	memset(f, 0, sizeof *f);
	if (!json_object_is_type(o, json_type_object) || get_str(o, "rule", 0, &id) < 0 ||
	    !(f->rule = cl_rule_find(id)) || get_uint(o, "level", &level) < 0 || level > CL_LEVEL_ERROR ||
	    get_pos(o, 0, &f->pos) < 0 || get_str(o, "message", 0, &msg) < 0 ||
	    get_str(o, "function", 1, &fn) < 0 || get_uint(o, "suppressed", &supp) < 0)
		return -1;
	struct json_object *notes;
	if (!json_object_object_get_ex(o, "notes", &notes) || !json_object_is_type(notes, json_type_array) ||
	    json_object_array_length(notes) > CL_MAX_NOTES)
		return -1;
	int nnotes = (int)json_object_array_length(notes);
	struct cl_note tmp[CL_MAX_NOTES];
	for (int k = 0; k < nnotes; k++) {
		struct json_object *n = json_object_array_get_idx(notes, (size_t)k);
		const char *nm;
		if (!json_object_is_type(n, json_type_object) || get_pos(n, 1, &tmp[k].pos) < 0 ||
		    get_str(n, "message", 0, &nm) < 0)
			return -1;
		tmp[k].message = nm;
	}
	/* all read: now allocate */
	f->level = (enum cl_level)level;
	f->suppressed = (int)supp;
	f->function = cl_intern(fn);
	f->message = xstrdup(msg);
	f->nnotes = nnotes;
	for (int k = 0; k < nnotes; k++) {
		f->notes[k].pos = tmp[k].pos;
		f->notes[k].message = xstrdup(tmp[k].message);
	}
	return 0;
}

int cl_results_from_json(struct json_object *j, struct cl_findings *f, struct cl_failures *x, char *err,
                         size_t errlen)
{
	struct json_object *fa, *xa;
	if (!j || !json_object_is_type(j, json_type_object) || !json_object_object_get_ex(j, "findings", &fa) ||
	    !json_object_is_type(fa, json_type_array) || !json_object_object_get_ex(j, "failures", &xa) ||
	    !json_object_is_type(xa, json_type_array))
		return bad(err, errlen, "not an object with findings and failures", 0);
	for (size_t i = 0, n = json_object_array_length(fa); i < n; i++) {
		struct cl_finding one;
		if (read_finding(json_object_array_get_idx(fa, i), &one) < 0)
			return bad(err, errlen, "bad finding", i);
		push_finding(f, &one);
	}
	for (size_t i = 0, n = json_object_array_length(xa); i < n; i++) {
		struct json_object *o = json_object_array_get_idx(xa, i);
		const char *file, *reason;
		if (!json_object_is_type(o, json_type_object) || get_str(o, "file", 0, &file) < 0 ||
		    get_str(o, "reason", 0, &reason) < 0)
			return bad(err, errlen, "bad failure", i);
		cl_failures_add(x, file, reason);
	}
	return 0;
}

int cl_results_parse(const char *text, size_t len, struct cl_findings *f, struct cl_failures *x, char *err,
                     size_t errlen)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *j = json_tokener_parse_ex(tok, text, (int)len);
	int complete = json_tokener_get_error(tok) == json_tokener_success;
	size_t end = complete ? json_tokener_get_parse_end(tok) : 0;
	while (complete && end < len && strchr(" \t\r\n", text[end]))
		end++;
	complete = complete && end == len;
	json_tokener_free(tok);
	if (!j || !complete) {
		json_object_put(j);
		snprintf(err, errlen, "malformed results: not JSON");
		return -1;
	}
	int rc = cl_results_from_json(j, f, x, err, errlen);
	json_object_put(j);
	return rc;
}

void cl_failures_add(struct cl_failures *x, const char *file, const char *reason)
{
	if (x->n == x->cap) {
		x->cap = x->cap ? x->cap * 2 : 8;
		x->v = xrealloc(x->v, x->cap * sizeof *x->v);
	}
	x->v[x->n++] = (struct cl_failure){ cl_intern(file), xstrdup(reason) };
}

void cl_failures_free(struct cl_failures *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->v[i].reason);
	free(x->v);
	x->v = NULL;
	x->n = x->cap = 0;
}
