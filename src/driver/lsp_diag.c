/* lsp_diag.c - cudalint's JSON report as LSP diagnostics (lsp_text.h). */
#include "driver/lsp_text.h"

#include "rules.h"
#include "util/readall.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static int num(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_int) ? json_object_get_int(v) : 0;
}

/* LSP's DiagnosticSeverity of a cudalint level */
static int severity(const char *level)
{
	return level && !strcmp(level, "error") ? 1 : level && !strcmp(level, "warning") ? 2 : 3;
}

/* A note's location. Its file is the document's, or another one (a
 * header) whose text is read to count its columns in UTF-16; a file that
 * cannot be read counts bytes. */
static json_object *note_location(json_object *note, const char *file, struct lsp_text t)
{
	const char *nf = str(note, "file");
	struct lsp_text nt = t;
	char *held = NULL;
	if (nf && strcmp(nf, file)) {
		FILE *fp = fopen(nf, "rb");
		size_t n = 0;
		held = fp ? cl_read_all(fp, (size_t)64 << 20, 0, &n) : NULL;
		if (fp)
			fclose(fp);
		nt = (struct lsp_text){ held ? held : "", held ? n : 0 };
	}
	json_object *loc = json_object_new_object();
	char *uri = lsp_path_to_uri(nf ? nf : file);
	json_object_object_add(loc, "uri", json_object_new_string(uri));
	free(uri);
	int line = num(note, "line"), col = num(note, "column");
	if (!held && nf && strcmp(nf, file)) {
		/* unreadable: the byte column as it is */
		json_object *r = json_object_new_object(), *p = json_object_new_object();
		json_object_object_add(p, "line", json_object_new_int(line > 0 ? line - 1 : 0));
		json_object_object_add(p, "character", json_object_new_int(col > 0 ? col - 1 : 0));
		json_object_object_add(r, "start", p);
		json_object_object_add(r, "end", json_object_get(p));
		json_object_object_add(loc, "range", r);
	} else
		json_object_object_add(loc, "range", lsp_finding_range(nt, line, col));
	free(held);
	return loc;
}

static json_object *finding_diagnostic(json_object *f, const char *file, struct lsp_text t)
{
	json_object *d = json_object_new_object(), *notes;
	json_object_object_add(d, "range", lsp_finding_range(t, num(f, "line"), num(f, "column")));
	json_object_object_add(d, "severity", json_object_new_int(severity(str(f, "level"))));
	const char *id = str(f, "rule_id");
	if (id) {
		json_object_object_add(d, "code", json_object_new_string(id));
		const struct cl_rule *r = cl_rule_find(id);
		char url[512];
		if (r) {
			json_object *cd = json_object_new_object();
			json_object_object_add(cd, "href", json_object_new_string(cl_rule_doc_url(r, url, sizeof url)));
			json_object_object_add(d, "codeDescription", cd);
		}
	}
	json_object_object_add(d, "source", json_object_new_string("cudalint"));
	json_object_object_add(d, "message", json_object_new_string(str(f, "message") ? str(f, "message") : ""));
	if (json_object_object_get_ex(f, "notes", &notes) && json_object_array_length(notes) > 0) {
		json_object *rel = json_object_new_array();
		for (size_t i = 0; i < json_object_array_length(notes); i++) {
			json_object *n = json_object_array_get_idx(notes, i), *ri = json_object_new_object();
			json_object_object_add(ri, "location", note_location(n, file, t));
			json_object_object_add(ri, "message", json_object_new_string(str(n, "message") ? str(n, "message") : ""));
			json_object_array_add(rel, ri);
		}
		json_object_object_add(d, "relatedInformation", rel);
	}
	return d;
}

/* A failure (the file, or a device function in it, not analysed), as a
 * warning where it is, or on the first line */
static json_object *failure_diagnostic(json_object *f, struct lsp_text t)
{
	json_object *d = json_object_new_object();
	int line = num(f, "line");
	json_object_object_add(d, "range", lsp_finding_range(t, line > 0 ? line : 1, line > 0 ? num(f, "column") : 1));
	json_object_object_add(d, "severity", json_object_new_int(2));
	json_object_object_add(d, "source", json_object_new_string("cudalint"));
	char msg[2048];
	snprintf(msg, sizeof msg, "not analysed: %s", str(f, "reason") ? str(f, "reason") : "unknown reason");
	json_object_object_add(d, "message", json_object_new_string(msg));
	return d;
}

json_object *lsp_diagnostics(json_object *report, const char *file, struct lsp_text t)
{
	json_object *out = json_object_new_array(), *a;
	if (json_object_object_get_ex(report, "findings", &a) && json_object_is_type(a, json_type_array))
		for (size_t i = 0; i < json_object_array_length(a); i++) {
			json_object *f = json_object_array_get_idx(a, i), *s;
			const char *ff = str(f, "file");
			if (!ff || strcmp(ff, file) || (json_object_object_get_ex(f, "suppressed", &s) && json_object_get_boolean(s)))
				continue;
			json_object_array_add(out, finding_diagnostic(f, file, t));
		}
	if (json_object_object_get_ex(report, "failures", &a) && json_object_is_type(a, json_type_array))
		for (size_t i = 0; i < json_object_array_length(a); i++) {
			json_object *f = json_object_array_get_idx(a, i);
			const char *ff = str(f, "file");
			if (ff && !strcmp(ff, file))
				json_object_array_add(out, failure_diagnostic(f, t));
		}
	return out;
}

/* The WorkspaceEdit of a fix's edits, or NULL when one is not in FILE */
static json_object *fix_edit(json_object *edits, const char *file, const char *uri, struct lsp_text t)
{
	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(edits); i++) {
		json_object *e = json_object_array_get_idx(edits, i);
		const char *ef = str(e, "file"), *text = str(e, "replacement");
		if ((ef && strcmp(ef, file)) || !text) {
			json_object_put(arr);
			return NULL;
		}
		struct lsp_edit le = { num(e, "line"), num(e, "column"), num(e, "end_line"), num(e, "end_column"), text };
		json_object_array_add(arr, lsp_text_edit(t, &le));
	}
	json_object *changes = json_object_new_object(), *we = json_object_new_object();
	json_object_object_add(changes, uri, arr);
	json_object_object_add(we, "changes", changes);
	return we;
}

void lsp_fix_actions(json_object *report, const char *file, const char *uri, struct lsp_text t, json_object *diag,
		     json_object *out)
{
	json_object *findings, *code, *start, *fix, *edits, *v;
	if (!json_object_object_get_ex(report, "findings", &findings) || !json_object_object_get_ex(diag, "code", &code) ||
	    !json_object_object_get_ex(diag, "range", &v) || !json_object_object_get_ex(v, "start", &start))
		return;
	int line = num(start, "line") + 1;
	for (size_t i = 0; i < json_object_array_length(findings); i++) {
		json_object *f = json_object_array_get_idx(findings, i);
		const char *ff = str(f, "file"), *id = str(f, "rule_id");
		if (!ff || strcmp(ff, file) || !id || strcmp(id, json_object_get_string(code)) || num(f, "line") != line ||
		    !json_object_object_get_ex(f, "fix", &fix) || !json_object_object_get_ex(fix, "edits", &edits) ||
		    !json_object_is_type(edits, json_type_array))
			continue;
		json_object *we = fix_edit(edits, file, uri, t);
		if (!we)
			continue;
		char title[512];
		const char *desc = str(fix, "description"), *app = str(fix, "applicability");
		int safe = app && !strcmp(app, "safe");
		snprintf(title, sizeof title, "Fix %s: %s%s", id, desc ? desc : "apply cudalint's fix", safe ? "" : " (unsafe)");
		json_object *a = json_object_new_object(), *diags = json_object_new_array();
		json_object_object_add(a, "title", json_object_new_string(title));
		json_object_object_add(a, "kind", json_object_new_string("quickfix"));
		json_object_array_add(diags, json_object_get(diag));
		json_object_object_add(a, "diagnostics", diags);
		json_object_object_add(a, "isPreferred", json_object_new_boolean(safe));
		json_object_object_add(a, "edit", we);
		json_object_array_add(out, a);
	}
}
