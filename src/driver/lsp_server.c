/* lsp_server.c - `cudalint lsp`: the protocol (lsp.h). The analyses are
 * lsp_worker.c's, the text and the diagnostics lsp_text.c's. */
#include "driver/lsp_internal.h"
#include "driver/lsp_text.h"

#include "rules.h"
#include "util/vec.h"
#include "util/xalloc.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static json_object *member(json_object *o, const char *key)
{
	json_object *v = NULL;
	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static const char *member_str(json_object *o, const char *key)
{
	json_object *v = member(o, key);
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* textDocument.uri of PARAMS */
static const char *doc_uri(json_object *params)
{
	return member_str(member(params, "textDocument"), "uri");
}

struct lsp_doc *lsp_doc_find(struct lsp_server *s, const char *uri)
{
	for (size_t i = 0; uri && i < s->ndocs; i++)
		if (!strcmp(s->docs[i]->uri, uri))
			return s->docs[i];
	return NULL;
}

static void doc_free(struct lsp_server *s, struct lsp_doc *d)
{
	lsp_worker_cancel(s, d);
	free(d->uri);
	free(d->path);
	free(d->text);
	json_object_put(d->report);
	free(d);
}

/* DOC's text is now TEXT (version VERSION): what runs on an older text is
 * stopped, and an analysis is due after DELAY_MS. */
static void set_text(struct lsp_server *s, struct lsp_doc *d, const char *text, size_t len, int version, int delay_ms)
{
	lsp_worker_cancel(s, d);
	json_object_put(d->report); /* its columns are the older text's */
	d->report = NULL;
	if (text) {
		free(d->text);
		d->text = xmalloc(len + 1);
		memcpy(d->text, text, len);
		d->text[len] = '\0';
		d->len = len;
		d->version = version;
	}
	d->gen = ++s->next_gen;
	d->pending = 1;
	d->due = lsp_now_ms() + delay_ms;
}

static void did_open(struct lsp_server *s, json_object *params)
{
	json_object *td = member(params, "textDocument"), *text = member(td, "text");
	const char *uri = member_str(td, "uri");
	if (!uri || !json_object_is_type(text, json_type_string)) {
		lsp_log(s, 2, "cudalint: didOpen without a textDocument uri and text: ignored");
		return;
	}
	char *path = lsp_uri_to_path(uri);
	if (!path) {
		lsp_log(s, 3, "cudalint: %s: not a local file: URI, not analysed", uri);
		return;
	}
	struct lsp_doc *d = lsp_doc_find(s, uri);
	if (!d) {
		d = xcalloc(1, sizeof *d);
		d->uri = xstrdup(uri);
		d->path = path;
		CL_VEC_PUSH(s->docs, s->ndocs, s->capdocs, d);
	} else
		free(path);
	set_text(s, d, json_object_get_string(text), (size_t)json_object_get_string_len(text),
		 json_object_get_int(member(td, "version")), 0);
}

static void did_change(struct lsp_server *s, json_object *params)
{
	struct lsp_doc *d = lsp_doc_find(s, doc_uri(params));
	json_object *changes = member(params, "contentChanges");
	size_t n = json_object_is_type(changes, json_type_array) ? json_object_array_length(changes) : 0;
	if (!d || !n)
		return;
	/* full synchronisation: the last change is the whole text */
	json_object *last = json_object_array_get_idx(changes, n - 1), *text = member(last, "text");
	if (member(last, "range") || !json_object_is_type(text, json_type_string)) {
		lsp_log(s, 1, "cudalint: %s: an incremental change, but the server asked for whole texts: ignored", d->path);
		return;
	}
	set_text(s, d, json_object_get_string(text), (size_t)json_object_get_string_len(text),
		 json_object_get_int(member(member(params, "textDocument"), "version")), s->o->debounce_ms);
}

static void did_close(struct lsp_server *s, json_object *params)
{
	const char *uri = doc_uri(params);
	for (size_t i = 0; uri && i < s->ndocs; i++)
		if (!strcmp(s->docs[i]->uri, uri)) {
			json_object *p = json_object_new_object();
			json_object_object_add(p, "uri", json_object_new_string(uri));
			json_object_object_add(p, "diagnostics", json_object_new_array());
			doc_free(s, s->docs[i]);
			s->docs[i] = s->docs[--s->ndocs];
			lsp_notify(s->out, "textDocument/publishDiagnostics", p);
			return;
		}
}

static json_object *initialize(struct lsp_server *s, json_object *params)
{
	const char *uri = member_str(params, "rootUri");
	json_object *folders = member(params, "workspaceFolders");
	if (!uri && json_object_is_type(folders, json_type_array) && json_object_array_length(folders) > 0)
		uri = member_str(json_object_array_get_idx(folders, 0), "uri");
	free(s->root);
	s->root = uri ? lsp_uri_to_path(uri) : NULL;
	if (!s->root && member_str(params, "rootPath"))
		s->root = xstrdup(member_str(params, "rootPath"));

	json_object *caps = json_object_new_object(), *sync = json_object_new_object(), *save = json_object_new_object();
	json_object_object_add(caps, "positionEncoding", json_object_new_string("utf-16"));
	json_object_object_add(sync, "openClose", json_object_new_boolean(1));
	json_object_object_add(sync, "change", json_object_new_int(1)); /* Full */
	json_object_object_add(save, "includeText", json_object_new_boolean(0));
	json_object_object_add(sync, "save", save);
	json_object_object_add(caps, "textDocumentSync", sync);
	json_object *ca = json_object_new_object(), *kinds = json_object_new_array();
	json_object_array_add(kinds, json_object_new_string("quickfix"));
	json_object_object_add(ca, "codeActionKinds", kinds);
	json_object_object_add(caps, "codeActionProvider", ca);

	json_object *r = json_object_new_object(), *info = json_object_new_object();
	json_object_object_add(r, "capabilities", caps);
	json_object_object_add(info, "name", json_object_new_string("cudalint"));
	json_object_object_add(info, "version", json_object_new_string(CUDALINT_VERSION));
	json_object_object_add(r, "serverInfo", info);
	return r;
}

/* The `cudalint.suppress` action for diagnostic DIAG of D, or NULL when
 * it is not one of cudalint's. */
static json_object *suppress_action(struct lsp_doc *d, json_object *diag)
{
	const char *src = member_str(diag, "source"), *code = member_str(diag, "code");
	const struct cl_rule *r = code ? cl_rule_find(code) : NULL;
	json_object *line = member(member(member(diag, "range"), "start"), "line");
	if (!src || strcmp(src, "cudalint") || !r || strcmp(r->id, code) || !json_object_is_type(line, json_type_int))
		return NULL;
	struct lsp_text t = { d->text, d->len };
	struct lsp_edit e;
	char text[512];
	if (lsp_suppress_edit(t, json_object_get_int(line) + 1, r->id, &e, text, sizeof text) < 0)
		return NULL;
	json_object *edits = json_object_new_array(), *changes = json_object_new_object(), *we = json_object_new_object();
	json_object_array_add(edits, lsp_text_edit(t, &e));
	json_object_object_add(changes, d->uri, edits);
	json_object_object_add(we, "changes", changes);

	char title[256];
	snprintf(title, sizeof title, "Suppress %s (%s) on this line: cudalint: ignore-next-line", r->id, r->name);
	json_object *a = json_object_new_object(), *diags = json_object_new_array(), *data = json_object_new_object();
	json_object_object_add(a, "title", json_object_new_string(title));
	json_object_object_add(a, "kind", json_object_new_string("quickfix"));
	json_object_array_add(diags, json_object_get(diag));
	json_object_object_add(a, "diagnostics", diags);
	json_object_object_add(a, "edit", we);
	json_object_object_add(data, "action", json_object_new_string("cudalint.suppress"));
	json_object_object_add(a, "data", data);
	return a;
}

/* Whether the client's `only` filter admits quick fixes. */
static int wants_quickfix(json_object *only)
{
	if (!json_object_is_type(only, json_type_array))
		return 1;
	for (size_t i = 0; i < json_object_array_length(only); i++) {
		const char *k = json_object_get_string(json_object_array_get_idx(only, i));
		if (k && (!strcmp(k, "quickfix") || !strcmp(k, "")))
			return 1;
	}
	return 0;
}

/* textDocument/codeAction: for each of cudalint's diagnostics the client
 * names, the fixes its finding carries (lsp_fix_actions), then the
 * suppression comment. */
static json_object *code_action(struct lsp_server *s, json_object *params)
{
	json_object *out = json_object_new_array();
	struct lsp_doc *d = lsp_doc_find(s, doc_uri(params));
	json_object *ctx = member(params, "context"), *diags = member(ctx, "diagnostics");
	if (!d || !json_object_is_type(diags, json_type_array) || !wants_quickfix(member(ctx, "only")))
		return out;
	for (size_t i = 0; i < json_object_array_length(diags); i++) {
		json_object *diag = json_object_array_get_idx(diags, i);
		if (d->report)
			lsp_fix_actions(d->report, d->path, d->uri, (struct lsp_text){ d->text, d->len }, diag, out);
		json_object *a = suppress_action(d, diag);
		if (a)
			json_object_array_add(out, a);
	}
	return out;
}

static void request(struct lsp_server *s, const struct lsp_message *m)
{
	const char *meth = m->method;
	if (!s->initialized && strcmp(meth, "initialize")) {
		lsp_respond_error(s->out, m->id, LSP_SERVER_NOT_INITIALIZED, "the server is not initialized");
	} else if (s->shut_down) {
		lsp_respond_error(s->out, m->id, LSP_INVALID_REQUEST, "the server is shut down");
	} else if (!strcmp(meth, "initialize")) {
		if (s->initialized)
			lsp_respond_error(s->out, m->id, LSP_INVALID_REQUEST, "initialize was already sent");
		else {
			s->initialized = 1;
			lsp_respond(s->out, m->id, initialize(s, m->params));
		}
	} else if (!strcmp(meth, "shutdown")) {
		s->shut_down = 1;
		for (size_t i = 0; i < s->ndocs; i++)
			lsp_worker_cancel(s, s->docs[i]), s->docs[i]->pending = 0;
		lsp_respond(s->out, m->id, NULL);
	} else if (!strcmp(meth, "textDocument/codeAction")) {
		if (!json_object_is_type(m->params, json_type_object))
			lsp_respond_error(s->out, m->id, LSP_INVALID_PARAMS, "codeAction needs params");
		else
			lsp_respond(s->out, m->id, code_action(s, m->params));
	} else {
		char msg[256];
		snprintf(msg, sizeof msg, "unknown method: %.200s", meth);
		lsp_respond_error(s->out, m->id, LSP_METHOD_NOT_FOUND, msg);
	}
}

/* Notifications are never answered; those the server does not know, and
 * $/cancelRequest (every request is answered at once, so there is none
 * to cancel), are dropped. */
static void notification(struct lsp_server *s, const struct lsp_message *m)
{
	const char *meth = m->method;
	if (!strcmp(meth, "exit")) {
		s->exited = 1;
		return;
	}
	if (!s->initialized || s->shut_down)
		return;
	if (!strcmp(meth, "textDocument/didOpen"))
		did_open(s, m->params);
	else if (!strcmp(meth, "textDocument/didChange"))
		did_change(s, m->params);
	else if (!strcmp(meth, "textDocument/didSave")) {
		struct lsp_doc *d = lsp_doc_find(s, doc_uri(m->params));
		if (d)
			set_text(s, d, NULL, 0, 0, 0);
	} else if (!strcmp(meth, "textDocument/didClose"))
		did_close(s, m->params);
}

static void handle(struct lsp_server *s, const char *body, size_t n)
{
	struct lsp_message m;
	lsp_message_parse(&m, body, n);
	switch (m.kind) {
	case LSP_REQUEST: request(s, &m); break;
	case LSP_NOTIFICATION: notification(s, &m); break;
	case LSP_RESPONSE: break; /* the server sends no requests */
	case LSP_INVALID:
		lsp_respond_error(s->out, m.id, m.code,
				  m.code == LSP_PARSE_ERROR ? "the message is not valid JSON" : "not a JSON-RPC 2.0 request or notification");
		break;
	}
	lsp_message_free(&m);
}

/* What IN holds now: messages handled. 0 to go on, 1 at its end or after
 * `exit`, -1 when the framing broke. */
static int read_input(struct lsp_server *s)
{
	char buf[65536];
	ssize_t n = read(s->in, buf, sizeof buf);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : 1;
	if (n == 0)
		return 1;
	lsp_reader_feed(&s->reader, buf, (size_t)n);
	char *body, why[128];
	size_t len;
	int rc;
	while (!s->exited && (rc = lsp_reader_next(&s->reader, &body, &len, why, sizeof why)) != 0) {
		if (rc < 0) {
			fprintf(stderr, "cudalint lsp: error: %s: the message framing is lost, exiting\n", why);
			return -1;
		}
		handle(s, body, len);
		free(body);
	}
	return s->exited;
}

int lsp_serve(int in, int out, const struct lsp_server_options *o)
{
	struct lsp_server s = { .in = in, .out = out, .o = o };
	lsp_reader_init(&s.reader);
	struct pollfd *fds = NULL;
	struct lsp_doc **owner = NULL;
	size_t cap = 0;
	int rc = 0;
	while (!rc) {
		int timeout = lsp_schedule(&s);
		if (cap < s.ndocs + 1) {
			cap = s.ndocs + 16;
			fds = xrealloc(fds, cap * sizeof *fds);
			owner = xrealloc(owner, cap * sizeof *owner);
		}
		nfds_t n = 0;
		fds[n++] = (struct pollfd){ .fd = in, .events = POLLIN };
		for (size_t i = 0; i < s.ndocs; i++)
			if (s.docs[i]->worker) {
				owner[n] = s.docs[i];
				fds[n++] = (struct pollfd){ .fd = s.docs[i]->worker->out_fd, .events = POLLIN };
			}
		if (poll(fds, n, timeout) < 0) {
			if (errno == EINTR)
				continue;
			rc = 1;
			break;
		}
		for (nfds_t i = 1; i < n; i++)
			if (fds[i].revents)
				lsp_worker_readable(&s, owner[i]);
		if (fds[0].revents)
			rc = read_input(&s);
	}
	for (size_t i = 0; i < s.ndocs; i++)
		doc_free(&s, s.docs[i]);
	free(s.docs);
	free(fds);
	free(owner);
	free(s.root);
	lsp_reader_free(&s.reader);
	return rc > 0 && s.exited && s.shut_down ? 0 : 1;
}
