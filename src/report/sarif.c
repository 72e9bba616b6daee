/* sarif.c - the SARIF 2.1.0 reporter, shaped for GitHub code scanning and
 * kept clean under `sarif-multitool validate --rule-kind "Sarif;Gh"`
 * (tests/sarif/validate.sh). What GitHub reads and why some things are
 * left out (partialFingerprints, executionSuccessful false) is in
 * docs/design/sarif.md.
 *
 * Output is deterministic for a given input and source root: keys in a
 * fixed order, 2-space indent, no timestamps. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "report/report.h"

#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "control/fingerprint.h"
#include "control/suppress.h"
#include "util/json_write.h"
#include "util/srctext.h"
#include "util/xalloc.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SRCROOT "%SRCROOT%"

struct ctx {
	const struct cl_report_opts *o;
	const struct cl_rule *rules;
	int nrules;
	const char *(*doc)(const struct cl_rule *);
	struct cl_srctext *st;
};

/* SARIF messages are complete sentences (validator rule SARIF2001): add the
 * final period when the text lacks one. */
static json_object *message(const char *text)
{
	if (!text || !*text)
		text = "(no message)";
	size_t n = strlen(text);
	while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\n'))
		n--;
	char *s = xmalloc(n + 2);
	memcpy(s, text, n);
	if (n == 0 || !strchr(".!?", text[n - 1]))
		s[n++] = '.';
	s[n] = '\0';
	json_object *o = json_object_new_object();
	json_object_object_add(o, "text", json_object_new_string(s));
	free(s);
	return o;
}

/* Percent-encodes PATH for a URI: everything but unreserved characters
 * and '/'. */
static char *uri_encode(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = xmalloc(strlen(path) * 3 + 1), *p = out;
	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    strchr("-._~/", *s)) {
			*p++ = (char)*s;
		} else {
			*p++ = '%';
			*p++ = hex[*s >> 4];
			*p++ = hex[*s & 15];
		}
	}
	*p = '\0';
	return out;
}

static json_object *artifact(struct ctx *cx, const char *file)
{
	json_object *a = json_object_new_object();
	char rel[PATH_MAX];
	int in = cl_srctext_relpath(file, cx->o->srcroot, rel, sizeof rel);
	if (in < 0) {
		snprintf(rel, sizeof rel, "%s", file);
		in = rel[0] != '/';
	}
	char *enc = uri_encode(rel);
	if (in) {
		json_object_object_add(a, "uri", json_object_new_string(enc));
		json_object_object_add(a, "uriBaseId", json_object_new_string(SRCROOT));
	} else {
		/* outside the source root: an absolute file URI */
		size_t n = strlen(enc) + sizeof "file://";
		char *u = xmalloc(n);
		snprintf(u, n, "file://%s", enc);
		json_object_object_add(a, "uri", json_object_new_string(u));
		free(u);
	}
	free(enc);
	return a;
}

static json_object *physical(struct ctx *cx, const struct cl_pos *pos)
{
	json_object *pl = json_object_new_object();
	json_object_object_add(pl, "artifactLocation", artifact(cx, pos->file ? pos->file : ""));
	if (pos->line > 0) {
		json_object *r = json_object_new_object();
		json_object_object_add(r, "startLine", json_object_new_int64(pos->line));
		if (pos->col > 0) {
			size_t n;
			const char *line = pos->file ? cl_srctext_line(cx->st, pos->file, pos->line, &n) : NULL;
			unsigned col = line ? cl_srctext_codepoint_col(line, n, pos->col) : pos->col;
			json_object_object_add(r, "startColumn", json_object_new_int64(col));
		}
		json_object_object_add(pl, "region", r);
	}
	return pl;
}

/* LINE:COL (bytes) of FILE as a code-point column, the run's columnKind */
static unsigned cp_col(struct ctx *cx, const char *file, unsigned line, unsigned col)
{
	size_t n;
	const char *text = file ? cl_srctext_line(cx->st, file, line, &n) : NULL;
	return text ? cl_srctext_codepoint_col(text, n, col) : col;
}

/* A finding's fix as SARIF's fixes[]: one artifactChange (the finding's
 * file), a replacement per edit; an insertion is an empty deletedRegion. */
static json_object *fixes_json(struct ctx *cx, const struct cl_fix *x)
{
	json_object *fix = json_object_new_object(), *reps = json_object_new_array();
	char desc[512];
	snprintf(desc, sizeof desc, "%s (%s fix)", x->description, x->safe ? "safe" : "unsafe");
	json_object_object_add(fix, "description", message(desc));
	for (int k = 0; k < x->nedits && k < CL_MAX_EDITS; k++) {
		const struct cl_edit *d = &x->edits[k];
		json_object *rep = json_object_new_object(), *reg = json_object_new_object();
		json_object_object_add(reg, "startLine", json_object_new_int64(d->b.line));
		json_object_object_add(reg, "startColumn", json_object_new_int64(cp_col(cx, d->b.file, d->b.line, d->b.col)));
		json_object_object_add(reg, "endLine", json_object_new_int64(d->e.line));
		json_object_object_add(reg, "endColumn", json_object_new_int64(cp_col(cx, d->e.file, d->e.line, d->e.col)));
		json_object_object_add(rep, "deletedRegion", reg);
		json_object *ins = json_object_new_object();
		json_object_object_add(ins, "text", json_object_new_string(d->text));
		json_object_object_add(rep, "insertedContent", ins);
		json_object_array_add(reps, rep);
	}
	json_object *change = json_object_new_object();
	json_object_object_add(change, "artifactLocation", artifact(cx, x->edits[0].b.file ? x->edits[0].b.file : ""));
	json_object_object_add(change, "replacements", reps);
	json_object *changes = json_object_new_array();
	json_object_array_add(changes, change);
	json_object_object_add(fix, "artifactChanges", changes);
	json_object *fixes = json_object_new_array();
	json_object_array_add(fixes, fix);
	return fixes;
}

static json_object *string_array(const char *const *v, size_t n)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(v[i]));
	return a;
}

/* The first paragraph under "## What it does" (else the first paragraph
 * that is not a heading) of a rule doc, joined into one line. */
static char *first_paragraph(const char *doc)
{
	if (!doc)
		return NULL;
	const char *p = strstr(doc, "## What it does");
	p = p ? strchr(p, '\n') : doc;
	if (!p)
		return NULL;
	/* skip blank lines and headings */
	for (;;) {
		while (*p == '\n' || *p == ' ' || *p == '\r')
			p++;
		if (*p != '#')
			break;
		p = strchr(p, '\n');
		if (!p)
			return NULL;
	}
	if (!*p)
		return NULL;
	const char *e = p;
	while (*e && !(e[0] == '\n' && (e[1] == '\n' || e[1] == '#' || (e[1] == '\r' && e[2] == '\n'))))
		e++;
	char *s = xmalloc((size_t)(e - p) + 1), *o = s;
	for (const char *q = p; q < e; q++)
		*o++ = *q == '\n' || *q == '\r' ? ' ' : *q;
	*o = '\0';
	return s;
}

/* The Markdown doc as plain text, for help.text (viewers that do not
 * render Markdown show that field as it is): headings without their '#',
 * code blocks indented by four spaces without their fences, `code`,
 * **bold** and *emphasis* without their marks, [text](url) as
 * "text (url)". */
static char *markdown_to_text(const char *md)
{
	size_t n = strlen(md);
	char *out = xmalloc(2 * n + 1), *o = out;
	int fence = 0;
	for (const char *line = md; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		if (len >= 3 && !strncmp(line, "```", 3)) {
			fence = !fence;
		} else if (fence) {
			memcpy(o, "    ", 4);
			o += 4;
			memcpy(o, line, len);
			o += len;
			*o++ = '\n';
		} else {
			const char *p = line, *e = line + len;
			while (p < e && *p == '#')
				p++;
			if (p > line && p < e && *p == ' ')
				p++;
			else
				p = line;
			if (e - p >= 2 && p[0] == '*' && p[1] == ' ') { /* a list item */
				*o++ = '-';
				p++;
			}
			int code = 0; /* inside `...`, '*' is code (`*flag`), not emphasis */
			while (p < e) {
				if (*p == '`') {
					code = !code;
					p++;
					continue;
				}
				if (!code && *p == '*' && ((p + 1 < e && p[1] != ' ') || (p > line && p[-1] != ' '))) {
					p++;
					continue;
				}
				if (!code && *p == '[') {
					const char *close = memchr(p, ']', (size_t)(e - p));
					if (close && close + 1 < e && close[1] == '(') {
						const char *rp = memchr(close, ')', (size_t)(e - close));
						if (rp) {
							memcpy(o, p + 1, (size_t)(close - p - 1));
							o += close - p - 1;
							*o++ = ' ';
							memcpy(o, close + 1, (size_t)(rp - close));
							o += rp - close;
							p = rp + 1;
							continue;
						}
					}
				}
				*o++ = *p++;
			}
			*o++ = '\n';
		}
		line = end ? end + 1 : line + len;
	}
	if (n && md[n - 1] != '\n' && o > out && o[-1] == '\n') /* as the input ends */
		o--;
	*o = 0;
	return out;
}

static json_object *rule_json(struct ctx *cx, const struct cl_rule *r)
{
	json_object *o = json_object_new_object();
	const char *doc = cx->doc ? cx->doc(r) : NULL;
	const char *summary = r->summary ? r->summary : r->name;
	json_object_object_add(o, "id", json_object_new_string(r->id));
	json_object_object_add(o, "name", json_object_new_string(r->pascal ? r->pascal : r->name));
	json_object_object_add(o, "shortDescription", message(summary));
	char *full = first_paragraph(doc);
	json_object_object_add(o, "fullDescription", message(full ? full : summary));
	free(full);
	json_object *help = json_object_new_object();
	char *text = markdown_to_text(doc ? doc : summary);
	json_object_object_add(help, "text", json_object_new_string(text));
	free(text);
	json_object_object_add(help, "markdown", json_object_new_string(doc ? doc : summary));
	json_object_object_add(o, "help", help);
	char uri[512];
	json_object_object_add(o, "helpUri", json_object_new_string(cl_rule_doc_url(r, uri, sizeof uri)));
	json_object *dc = json_object_new_object();
	json_object_object_add(dc, "enabled", json_object_new_boolean(r->enabled_by_default != 0));
	json_object_object_add(dc, "level", json_object_new_string(cl_level_name(r->level)));
	json_object_object_add(o, "defaultConfiguration", dc);
	json_object *props = json_object_new_object();
	/* CL0xxx are the tool's own rules (suppressions); the rest are GPU
	 * correctness checks. */
	static const char *const tool_tags[] = {"maintainability"};
	static const char *const gpu_tags[] = {"correctness", "cuda"};
	if (strncmp(r->id, "CL0", 3) == 0)
		json_object_object_add(props, "tags", string_array(tool_tags, 1));
	else
		json_object_object_add(props, "tags", string_array(gpu_tags, 2));
	json_object_object_add(props, "precision", json_object_new_string(r->precision ? r->precision : "medium"));
	json_object_object_add(o, "properties", props);
	return o;
}

static int rule_index(struct ctx *cx, const struct cl_rule *r)
{
	if (!r)
		return -1;
	if (r >= cx->rules && r < cx->rules + cx->nrules)
		return (int)(r - cx->rules);
	for (int i = 0; i < cx->nrules; i++)
		if (strcmp(cx->rules[i].id, r->id) == 0)
			return i;
	return -1;
}

static json_object *result_json(struct ctx *cx, const struct cl_finding *fd, const char *fp)
{
	json_object *o = json_object_new_object();
	int ri = rule_index(cx, fd->rule);
	json_object_object_add(o, "ruleId", json_object_new_string(fd->rule ? fd->rule->id : "CL0000"));
	if (ri >= 0)
		json_object_object_add(o, "ruleIndex", json_object_new_int(ri));
	json_object_object_add(o, "level", json_object_new_string(cl_level_name(fd->level)));
	json_object_object_add(o, "message", message(fd->message));

	json_object *loc = json_object_new_object();
	json_object_object_add(loc, "physicalLocation", physical(cx, &fd->pos));
	if (fd->function) {
		json_object *ll = json_object_new_object();
		json_object_object_add(ll, "name", json_object_new_string(fd->function));
		json_object_object_add(ll, "kind", json_object_new_string("function"));
		json_object *lls = json_object_new_array();
		json_object_array_add(lls, ll);
		json_object_object_add(loc, "logicalLocations", lls);
	}
	json_object *locs = json_object_new_array();
	json_object_array_add(locs, loc);
	json_object_object_add(o, "locations", locs);

	if (fd->nnotes > 0) {
		json_object *rel = json_object_new_array();
		for (int i = 0; i < fd->nnotes && i < CL_MAX_NOTES; i++) {
			json_object *rl = json_object_new_object();
			json_object_object_add(rl, "id", json_object_new_int(i + 1));
			json_object_object_add(rl, "physicalLocation", physical(cx, &fd->notes[i].pos));
			json_object_object_add(rl, "message", message(fd->notes[i].message));
			json_object_array_add(rel, rl);
		}
		json_object_object_add(o, "relatedLocations", rel);
	}
	if (fd->fix.nedits)
		json_object_object_add(o, "fixes", fixes_json(cx, &fd->fix));
	json_object *fps = json_object_new_object();
	json_object_object_add(fps, CL_FINGERPRINT_KIND, json_object_new_string(fp));
	json_object_object_add(o, "fingerprints", fps);
	if (fd->suppressed) {
		json_object *s = json_object_new_object();
		json_object_object_add(s, "kind", json_object_new_string(
			fd->suppressed == CL_SUPPRESSED_BASELINE ? "external" : "inSource"));
		if (fd->justification && fd->suppressed != CL_SUPPRESSED_BASELINE)
			json_object_object_add(s, "justification", json_object_new_string(fd->justification));
		json_object *ss = json_object_new_array();
		json_object_array_add(ss, s);
		json_object_object_add(o, "suppressions", ss);
	}
	return o;
}

static void add_notification_location(struct ctx *cx, json_object *o, const char *file, unsigned line)
{
	if (!file)
		return;
	json_object *pl = json_object_new_object();
	json_object_object_add(pl, "artifactLocation", artifact(cx, file));
	if (line) {
		json_object *reg = json_object_new_object();
		json_object_object_add(reg, "startLine", json_object_new_int64(line));
		json_object_object_add(pl, "region", reg);
	}
	json_object *loc = json_object_new_object();
	json_object_object_add(loc, "physicalLocation", pl);
	json_object *locs = json_object_new_array();
	json_object_array_add(locs, loc);
	json_object_object_add(o, "locations", locs);
}

static json_object *failure_json(struct ctx *cx, const struct cl_failure *fl)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "level", json_object_new_string("error"));
	const char *file = fl->file ? fl->file : "(unknown file)", *why = fl->reason ? fl->reason : "unknown reason";
	size_t n = strlen(file) + strlen(why) + strlen(fl->function ? fl->function : "") + 64;
	char *text = xmalloc(n);
	if (fl->function)
		snprintf(text, n, "device function '%s' could not be analysed: %s", fl->function, why);
	else
		snprintf(text, n, "%s could not be analysed: %s", file, why);
	json_object_object_add(o, "message", message(text));
	free(text);
	add_notification_location(cx, o, fl->file, fl->line);
	return o;
}

static json_object *partly_json(struct ctx *cx, const char *file, const struct cl_fn_summary *f)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "level", json_object_new_string("note"));
	const char *why = f->reason ? f->reason : "unknown reason";
	size_t n = strlen(f->name) + strlen(why) + 64;
	char *text = xmalloc(n);
	snprintf(text, n, "device function '%s' was partly analysed: %s", f->name, why);
	json_object_object_add(o, "message", message(text));
	free(text);
	add_notification_location(cx, o, file, f->line);
	return o;
}

int cl_report_sarif(FILE *out, const struct cl_findings *f, const struct cl_failures *fail,
		    const struct cl_report_opts *opts)
{
	static const struct cl_report_opts none;
	struct ctx cx = {opts ? opts : &none, NULL, 0, NULL, NULL};
	if (cx.o->rules) {
		cx.rules = cx.o->rules;
		cx.nrules = cx.o->nrules;
		cx.doc = cx.o->rule_doc;
	} else {
		cx.rules = cl_rules;
		cx.nrules = cl_nrules;
		cx.doc = cl_rule_doc;
	}
	cx.st = cl_srctext_new();
	struct cl_fingerprints fps = {0};
	if (!cx.st || cl_fingerprint_all(f, cx.o->srcroot, cx.st, &fps) < 0) {
		cl_srctext_free(cx.st);
		return -1;
	}

	json_object *driver = json_object_new_object();
	json_object_object_add(driver, "name", json_object_new_string("cudalint"));
	json_object_object_add(driver, "semanticVersion", json_object_new_string(CUDALINT_VERSION));
	json_object_object_add(driver, "informationUri", json_object_new_string(CUDALINT_HOMEPAGE));
	json_object *rules = json_object_new_array();
	for (int i = 0; i < cx.nrules; i++)
		json_object_array_add(rules, rule_json(&cx, &cx.rules[i]));
	json_object_object_add(driver, "rules", rules);
	json_object *tool = json_object_new_object();
	json_object_object_add(tool, "driver", driver);

	json_object *inv = json_object_new_object();
	/* Always true: false makes the GitHub upload fail. Failed files are
	 * reported as notifications instead. */
	json_object_object_add(inv, "executionSuccessful", json_object_new_boolean(1));
	json_object *notes = json_object_new_array();
	for (size_t i = 0; fail && i < fail->n; i++)
		json_object_array_add(notes, failure_json(&cx, &fail->v[i]));
	/* a function analysed in part is no result (nothing is wrong in the
	 * code for it) but a note about the run: its findings may be missing */
	for (size_t i = 0; fail && i < fail->nsum; i++)
		for (int k = 0; k < fail->sum[i].nfns; k++)
			if (fail->sum[i].fns[k].status == CL_FN_PARTLY)
				json_object_array_add(notes, partly_json(&cx, fail->sum[i].file, &fail->sum[i].fns[k]));
	if (json_object_array_length(notes))
		json_object_object_add(inv, "toolExecutionNotifications", notes);
	else
		json_object_put(notes);
	json_object *invs = json_object_new_array();
	json_object_array_add(invs, inv);

	char root[PATH_MAX];
	json_object *bases = json_object_new_object();
	if (cl_srctext_abspath(cx.o->srcroot ? cx.o->srcroot : ".", root, sizeof root) == 0) {
		char *enc = uri_encode(root);
		size_t n = strlen(enc) + sizeof "file:///";
		char *u = xmalloc(n);
		snprintf(u, n, "file://%s%s", enc, strcmp(root, "/") == 0 ? "" : "/");
		json_object *b = json_object_new_object();
		json_object_object_add(b, "uri", json_object_new_string(u));
		json_object_object_add(bases, SRCROOT, b);
		free(u);
		free(enc);
	}

	json_object *results = json_object_new_array();
	for (size_t i = 0; i < f->n; i++) {
		if (f->v[i].suppressed && !cx.o->report_suppressed)
			continue;
		json_object_array_add(results, result_json(&cx, &f->v[i], fps.v[i]));
	}

	json_object *run = json_object_new_object();
	json_object_object_add(run, "tool", tool);
	json_object_object_add(run, "invocations", invs);
	json_object_object_add(run, "originalUriBaseIds", bases);
	json_object_object_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
	json_object_object_add(run, "results", results);
	json_object *runs = json_object_new_array();
	json_object_array_add(runs, run);

	json_object *top = json_object_new_object();
	json_object_object_add(top, "$schema", json_object_new_string(SARIF_SCHEMA));
	json_object_object_add(top, "version", json_object_new_string("2.1.0"));
	json_object_object_add(top, "runs", runs);

	int rc = cl_json_write(out, top);
	json_object_put(top);
	cl_fingerprints_free(&fps);
	cl_srctext_free(cx.st);
	return rc;
}
