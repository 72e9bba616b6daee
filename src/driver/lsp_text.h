/* lsp_text.h - what the language server does with text: file URIs,
 * positions (LSP counts UTF-16 code units, cudalint bytes), the
 * diagnostics of one analysis, and the edits of its code actions. */
#ifndef CUDALINT_LSP_TEXT_H
#define CUDALINT_LSP_TEXT_H

#include <json-c/json.h>
#include <stddef.h>

/* The path of a file: URI (percent-decoded, malloc'd), or NULL for any
 * other scheme, a remote host, or a path with a NUL. */
char *lsp_uri_to_path(const char *uri);
/* The file: URI of absolute PATH (malloc'd). */
char *lsp_path_to_uri(const char *path);

/* A document's text, and where its lines start. */
struct lsp_text {
	const char *s;
	size_t len;
};

/* The LSP position {line, character} of 1-based LINE and byte COLUMN
 * (clamped to the text). */
json_object *lsp_position(struct lsp_text t, int line, int column);
/* The range a finding at LINE:COLUMN underlines: the identifier there,
 * else one character, else nothing (the end of a line). */
json_object *lsp_finding_range(struct lsp_text t, int line, int column);
/* The byte offset of LSP position (LINE, CHARACTER) (UTF-16 units),
 * clamped to the end of its line; -1 when LINE is past the text. */
long lsp_offset(struct lsp_text t, int line, int character);

/* One edit in cudalint's coordinates: 1-based lines, byte columns, the
 * range [start, end) replaced by TEXT. A fix's edits and the suppression
 * comment both become TextEdits through lsp_text_edit. */
struct lsp_edit {
	int line, column, end_line, end_column;
	const char *text;
};
json_object *lsp_text_edit(struct lsp_text t, const struct lsp_edit *e);

/* The edit that silences RULE (an ID) at 1-based LINE: a line
 * `// cudalint: ignore-next-line[RULE]` inserted before it with its
 * indentation, or RULE added to such a line already there. TEXT_BUF
 * (TLEN bytes) holds the new text. 0, or -1 when LINE is not in T. */
int lsp_suppress_edit(struct lsp_text t, int line, const char *rule, struct lsp_edit *e, char *text_buf, size_t tlen);

/* The diagnostics of FILE (absolute) in cudalint's JSON report REPORT
 * (the `findings` and `failures` of one `--format=json` run over T):
 * an array of LSP Diagnostic objects. */
json_object *lsp_diagnostics(json_object *report, const char *file, struct lsp_text t);

/* The quick fixes of finding fixes (`fix` in the JSON report, docs/
 * json-schema.md) for DIAG, one of cudalint's diagnostics of FILE (URI):
 * each finding of REPORT with DIAG's rule on DIAG's line that carries a
 * fix becomes a CodeAction appended to OUT. REPORT is the one DIAG was
 * published from, so its byte columns are those of T. */
void lsp_fix_actions(json_object *report, const char *file, const char *uri, struct lsp_text t, json_object *diag,
		     json_object *out);

#endif
