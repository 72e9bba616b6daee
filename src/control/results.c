/* results.c - see results.h. */
#include "control/results.h"

#include "check.h"
#include "control/config.h"
#include "control/suppress.h"
#include "rules.h"
#include "util/vec.h"
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
	json_object_object_add(o, "column", json_object_new_int64(p->col));
}

/* "fix": {description, applicability, edits: [{file, line, column,
 * end_line, end_column, offset, end_offset, replacement}]} or null
 * (docs/json-schema.md) */
static struct json_object *fix_json(const struct cl_fix *x)
{
	if (!x->nedits)
		return NULL;
	struct json_object *o = json_object_new_object(), *ea = json_object_new_array();
	json_object_object_add(o, "description", str_or_null(x->description));
	json_object_object_add(o, "applicability", json_object_new_string(x->safe ? "safe" : "unsafe"));
	for (int k = 0; k < x->nedits && k < CL_MAX_EDITS; k++) {
		const struct cl_edit *d = &x->edits[k];
		struct json_object *e = json_object_new_object();
		put_pos(e, &d->b);
		json_object_object_add(e, "end_line", json_object_new_int64(d->e.line));
		json_object_object_add(e, "end_column", json_object_new_int64(d->e.col));
		json_object_object_add(e, "offset", json_object_new_int64(d->boff));
		json_object_object_add(e, "end_offset", json_object_new_int64(d->eoff));
		json_object_object_add(e, "replacement", str_or_null(d->text));
		json_object_array_add(ea, e);
	}
	json_object_object_add(o, "edits", ea);
	return o;
}

struct json_object *cl_finding_json(const struct cl_finding *fd, const char *fingerprint)
{
	struct json_object *o = json_object_new_object(), *notes = json_object_new_array();
	json_object_object_add(o, "rule_id", str_or_null(fd->rule ? fd->rule->id : NULL));
	json_object_object_add(o, "rule_name", str_or_null(fd->rule ? fd->rule->name : NULL));
	json_object_object_add(o, "level", json_object_new_string(cl_level_name(fd->level)));
	put_pos(o, &fd->pos);
	json_object_object_add(o, "message", str_or_null(fd->message));
	json_object_object_add(o, "function", str_or_null(fd->function));
	for (int k = 0; k < fd->nnotes && k < CL_MAX_NOTES; k++) {
		struct json_object *n = json_object_new_object();
		put_pos(n, &fd->notes[k].pos);
		json_object_object_add(n, "message", str_or_null(fd->notes[k].message));
		json_object_array_add(notes, n);
	}
	json_object_object_add(o, "notes", notes);
	json_object_object_add(o, "fingerprint", str_or_null(fingerprint));
	json_object_object_add(o, "suppressed", json_object_new_boolean(fd->suppressed != 0));
	if (fd->fix.nedits) /* only where there is one: the reports of earlier versions stay as they were */
		json_object_object_add(o, "fix", fix_json(&fd->fix));
	return o;
}

struct json_object *cl_failure_json(const struct cl_failure *x)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "file", str_or_null(x->file));
	json_object_object_add(o, "reason", str_or_null(x->reason));
	json_object_object_add(o, "function", str_or_null(x->function));
	json_object_object_add(o, "line", x->line ? json_object_new_int64(x->line) : NULL);
	json_object_object_add(o, "column", x->col ? json_object_new_int64(x->col) : NULL);
	return o;
}

static struct json_object *failures_json(const struct cl_failures *x)
{
	struct json_object *xa = json_object_new_array();
	for (size_t i = 0; x && i < x->n; i++)
		json_object_array_add(xa, cl_failure_json(&x->v[i]));
	return xa;
}

static struct json_object *summaries_json(const struct cl_failures *x)
{
	struct json_object *sa = json_object_new_array();
	for (size_t i = 0; x && i < x->nsum; i++) {
		const struct cl_file_summary *s = &x->sum[i];
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "file", str_or_null(s->file));
		json_object_object_add(o, "device_functions", json_object_new_int(s->device_functions));
		json_object_object_add(o, "unanalysed", json_object_new_int(s->unanalysed));
		json_object_object_add(o, "errors_ignored", json_object_new_int(s->errors_ignored));
		json_object_object_add(o, "first_ignored", str_or_null(s->first_ignored));
		json_object_object_add(o, "cause", str_or_null(s->cause));
		struct json_object *fa = json_object_new_array();
		for (int k = 0; k < s->nfns; k++)
			json_object_array_add(fa, cl_fn_summary_json(&s->fns[k]));
		json_object_object_add(o, "functions", fa);
		json_object_array_add(sa, o);
	}
	return sa;
}

struct json_object *cl_results_to_json(const struct cl_finding *f, size_t nf, const struct cl_failures *x)
{
	struct json_object *root = json_object_new_object(), *fa = json_object_new_array();
	for (size_t i = 0; i < nf; i++)
		json_object_array_add(fa, cl_finding_json(&f[i], NULL));
	json_object_object_add(root, "findings", fa);
	json_object_object_add(root, "failures", failures_json(x));
	json_object_object_add(root, "files", summaries_json(x));
	return root;
}

char *cl_results_serialise(const struct cl_finding *f, size_t nf, const struct cl_failures *x,
                           const char *const clash[2])
{
	struct json_object *j = cl_results_to_json(f, nf, x);
	if (clash && clash[0]) {
		struct json_object *c = json_object_new_object();
		json_object_object_add(c, "path", json_object_new_string(clash[0]));
		json_object_object_add(c, "what", json_object_new_string(clash[1]));
		json_object_object_add(j, "output_read", c);
	}
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

/* A number, or JSON null for 0 (as failures without a position have). */
static int get_uint_or_null(struct json_object *o, const char *key, unsigned *out)
{
	struct json_object *v;
	if (json_object_object_get_ex(o, key, &v) && !v) {
		*out = 0;
		return 0;
	}
	return get_uint(o, key, out);
}

static int get_pos(struct json_object *o, int nullable_file, struct cl_pos *p)
{
	const char *file;
	if (get_str(o, "file", nullable_file, &file) < 0 || get_uint(o, "line", &p->line) < 0 ||
	    get_uint(o, "column", &p->col) < 0)
		return -1;
	p->file = cl_intern(file);
	return 0;
}

static void push_finding(struct cl_findings *out, const struct cl_finding *f)
{
	CL_VEC_PUSH(out->v, out->n, out->cap, *f);
}

/* The "fix" of a finding: absent or null is none. */
static int read_fix(struct json_object *o, struct cl_fix *x)
{
	struct json_object *fx, *ea, *ap;
	const char *desc;
	memset(x, 0, sizeof *x);
	if (!json_object_object_get_ex(o, "fix", &fx) || !fx)
		return 0;
	if (!json_object_is_type(fx, json_type_object) || get_str(fx, "description", 0, &desc) < 0 ||
	    !json_object_object_get_ex(fx, "applicability", &ap) || !json_object_is_type(ap, json_type_string) ||
	    !json_object_object_get_ex(fx, "edits", &ea) || !json_object_is_type(ea, json_type_array) ||
	    json_object_array_length(ea) < 1 || json_object_array_length(ea) > CL_MAX_EDITS)
		return -1;
	int n = (int)json_object_array_length(ea);
	for (int k = 0; k < n; k++) {
		struct json_object *e = json_object_array_get_idx(ea, (size_t)k);
		struct cl_edit *d = &x->edits[k];
		const char *text;
		if (!json_object_is_type(e, json_type_object) || get_pos(e, 0, &d->b) < 0 ||
		    get_uint(e, "end_line", &d->e.line) < 0 || get_uint(e, "end_column", &d->e.col) < 0 ||
		    get_uint(e, "offset", &d->boff) < 0 || get_uint(e, "end_offset", &d->eoff) < 0 ||
		    get_str(e, "replacement", 0, &text) < 0 || d->eoff < d->boff)
			return -1;
		d->e.file = d->b.file;
		d->text = cl_intern(text);
	}
	x->nedits = n;
	x->safe = !strcmp(json_object_get_string(ap), "safe");
	x->description = cl_intern(desc);
	return 0;
}

static int read_finding(struct json_object *o, struct cl_finding *f)
{
	const char *id, *msg, *fn, *level_name;
	enum cl_level level;
	struct json_object *supp;
	memset(f, 0, sizeof *f);
	if (!json_object_is_type(o, json_type_object) || get_str(o, "rule_id", 0, &id) < 0 ||
	    !(f->rule = cl_rule_find(id)) || get_str(o, "level", 0, &level_name) < 0 ||
	    cl_config_parse_level(level_name, &level) < 0 || get_pos(o, 0, &f->pos) < 0 ||
	    get_str(o, "message", 0, &msg) < 0 || get_str(o, "function", 1, &fn) < 0 ||
	    !json_object_object_get_ex(o, "suppressed", &supp) || !json_object_is_type(supp, json_type_boolean))
		return -1;
	struct cl_fix fix;
	if (read_fix(o, &fix) < 0)
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
	f->level = level;
	f->suppressed = json_object_get_boolean(supp) ? CL_SUPPRESSED_INSOURCE : CL_SUPPRESSED_NONE;
	f->function = cl_intern(fn);
	f->message = xstrdup(msg);
	f->fix = fix;
	f->nnotes = nnotes;
	for (int k = 0; k < nnotes; k++) {
		f->notes[k].pos = tmp[k].pos;
		f->notes[k].message = xstrdup(tmp[k].message);
	}
	return 0;
}

static int get_int(struct json_object *o, const char *key, int *out)
{
	unsigned u;
	if (get_uint(o, key, &u) < 0 || u > 0x7fffffff)
		return -1;
	*out = (int)u;
	return 0;
}

static int read_summaries(struct json_object *sa, struct cl_failures *x, char *err, size_t errlen)
{
	for (size_t i = 0, n = json_object_array_length(sa); i < n; i++) {
		struct json_object *o = json_object_array_get_idx(sa, i);
		struct cl_file_summary s = { 0 };
		const char *file, *first, *cause;
		if (!json_object_is_type(o, json_type_object) || get_str(o, "file", 0, &file) < 0 ||
		    get_int(o, "device_functions", &s.device_functions) < 0 ||
		    get_int(o, "unanalysed", &s.unanalysed) < 0 || get_int(o, "errors_ignored", &s.errors_ignored) < 0 ||
		    get_str(o, "first_ignored", 1, &first) < 0 || get_str(o, "cause", 1, &cause) < 0)
			return bad(err, errlen, "bad file summary", i);
		s.file = file;
		s.first_ignored = (char *)first;
		s.cause = (char *)cause;
		struct json_object *fa;
		if (json_object_object_get_ex(o, "functions", &fa) && json_object_is_type(fa, json_type_array)) {
			size_t m = json_object_array_length(fa);
			s.fns = xcalloc(m + 1, sizeof *s.fns);
			for (size_t k = 0; k < m && s.nfns < CL_MAX_FN_SUMMARIES; k++) {
				struct json_object *g = json_object_array_get_idx(fa, k);
				const char *name, *status, *reason;
				unsigned line;
				if (!json_object_is_type(g, json_type_object) || get_str(g, "name", 0, &name) < 0 ||
				    get_uint_or_null(g, "line", &line) < 0 || get_str(g, "status", 0, &status) < 0 ||
				    get_str(g, "reason", 1, &reason) < 0 || cl_fn_status_of(status) < 0) {
					free(s.fns);
					return bad(err, errlen, "bad function summary", i);
				}
				s.fns[s.nfns++] = (struct cl_fn_summary){ name, line, cl_fn_status_of(status), (char *)reason };
			}
		}
		cl_failures_summary(x, &s);
		free(s.fns);
	}
	return 0;
}

int cl_results_from_json(struct json_object *j, struct cl_findings *f, struct cl_failures *x, char *err,
                         size_t errlen)
{
	struct json_object *fa, *xa, *sa = NULL;
	if (!j || !json_object_is_type(j, json_type_object) || !json_object_object_get_ex(j, "findings", &fa) ||
	    !json_object_is_type(fa, json_type_array) || !json_object_object_get_ex(j, "failures", &xa) ||
	    !json_object_is_type(xa, json_type_array))
		return bad(err, errlen, "not an object with findings and failures", 0);
	/* "files" may be absent: nothing was summarised */
	if (json_object_object_get_ex(j, "files", &sa) && !json_object_is_type(sa, json_type_array))
		return bad(err, errlen, "files is not an array", 0);
	for (size_t i = 0, n = json_object_array_length(fa); i < n; i++) {
		struct cl_finding one;
		if (read_finding(json_object_array_get_idx(fa, i), &one) < 0)
			return bad(err, errlen, "bad finding", i);
		push_finding(f, &one);
	}
	for (size_t i = 0, n = json_object_array_length(xa); i < n; i++) {
		struct json_object *o = json_object_array_get_idx(xa, i);
		const char *file, *reason, *fn;
		unsigned line = 0, col = 0;
		if (!json_object_is_type(o, json_type_object) || get_str(o, "file", 0, &file) < 0 ||
		    get_str(o, "reason", 0, &reason) < 0 || get_str(o, "function", 1, &fn) < 0 ||
		    get_uint_or_null(o, "line", &line) < 0 || get_uint_or_null(o, "column", &col) < 0)
			return bad(err, errlen, "bad failure", i);
		cl_failures_add_fn(x, file, fn, line, col, reason);
	}
	return sa ? read_summaries(sa, x, err, errlen) : 0;
}

/* The "output_read" of J into CLASH (malloc'd), when there is one. */
static void get_clash(struct json_object *j, char *clash[2])
{
	struct json_object *c;
	const char *path, *what;
	if (json_object_object_get_ex(j, "output_read", &c) && json_object_is_type(c, json_type_object) &&
	    get_str(c, "path", 0, &path) == 0 && get_str(c, "what", 0, &what) == 0) {
		clash[0] = xstrdup(path);
		clash[1] = xstrdup(what);
	}
}

int cl_results_parse(const char *text, size_t len, struct cl_findings *f, struct cl_failures *x, char *clash[2],
                     char *err, size_t errlen)
{
	if (clash)
		clash[0] = clash[1] = NULL;
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
	if (clash)
		get_clash(j, clash);
	json_object_put(j);
	return rc;
}

void cl_failures_add_fn(struct cl_failures *x, const char *file, const char *function, unsigned line,
                        unsigned col, const char *reason)
{
	CL_VEC_GROW(x->v, x->n, x->cap);
	x->v[x->n++] = (struct cl_failure){ cl_intern(file), xstrdup(reason), cl_intern(function), line, col };
}

void cl_failures_add(struct cl_failures *x, const char *file, const char *reason)
{
	cl_failures_add_fn(x, file, NULL, 0, 0, reason);
}

void cl_failures_summary(struct cl_failures *x, const struct cl_file_summary *s)
{
	CL_VEC_GROW(x->sum, x->nsum, x->capsum);
	struct cl_file_summary *d = &x->sum[x->nsum++];
	*d = *s;
	d->file = cl_intern(s->file);
	d->first_ignored = s->first_ignored ? xstrdup(s->first_ignored) : NULL;
	d->cause = s->cause ? xstrdup(s->cause) : NULL;
	d->fns = s->nfns ? xcalloc((size_t)s->nfns, sizeof *d->fns) : NULL;
	for (int k = 0; k < s->nfns; k++)
		d->fns[k] = (struct cl_fn_summary){ cl_intern(s->fns[k].name), s->fns[k].line, s->fns[k].status,
		                                    s->fns[k].reason ? xstrdup(s->fns[k].reason) : NULL };
}

static const char *const fn_status_names[] = { "analysed", "partly analysed", "not analysed" };

const char *cl_fn_status_name(int status)
{
	return status >= 0 && status <= CL_FN_NOT_ANALYSED ? fn_status_names[status] : NULL;
}

int cl_fn_status_of(const char *name)
{
	for (int k = 0; k <= CL_FN_NOT_ANALYSED; k++)
		if (name && !strcmp(name, fn_status_names[k]))
			return k;
	return -1;
}

struct json_object *cl_fn_summary_json(const struct cl_fn_summary *f)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "name", str_or_null(f->name));
	json_object_object_add(o, "line", f->line ? json_object_new_int64(f->line) : NULL);
	json_object_object_add(o, "status", json_object_new_string(cl_fn_status_name(f->status)));
	json_object_object_add(o, "reason", str_or_null(f->reason));
	return o;
}

void cl_failures_append(struct cl_failures *dst, const struct cl_failures *src)
{
	for (size_t i = 0; i < src->n; i++) {
		const struct cl_failure *f = &src->v[i];
		cl_failures_add_fn(dst, f->file, f->function, f->line, f->col, f->reason);
	}
	for (size_t i = 0; i < src->nsum; i++)
		cl_failures_summary(dst, &src->sum[i]);
}

const char *cl_summary_status(const struct cl_file_summary *s)
{
	if (!s->unanalysed)
		return "analysed";
	return s->unanalysed < s->device_functions ? "partial" : "not-analysed";
}

void cl_failures_free(struct cl_failures *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->v[i].reason);
	for (size_t i = 0; i < x->nsum; i++) {
		free(x->sum[i].first_ignored);
		free(x->sum[i].cause);
		for (int k = 0; k < x->sum[i].nfns; k++)
			free(x->sum[i].fns[k].reason);
		free(x->sum[i].fns);
	}
	free(x->v);
	free(x->sum);
	*x = (struct cl_failures){ 0 };
}
