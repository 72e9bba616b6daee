/* lsp_rpc.c - see lsp_rpc.h. */
#include "driver/lsp_rpc.h"

#include "util/readall.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

void lsp_reader_init(struct lsp_reader *r)
{
	memset(r, 0, sizeof *r);
}

void lsp_reader_free(struct lsp_reader *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}

void lsp_reader_feed(struct lsp_reader *r, const char *data, size_t n)
{
	if (r->len + n + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : 4096;
		while (cap < r->len + n + 1)
			cap *= 2;
		r->buf = xrealloc(r->buf, cap);
		r->cap = cap;
	}
	memcpy(r->buf + r->len, data, n);
	r->len += n;
	r->buf[r->len] = '\0';
}

static void consume(struct lsp_reader *r, size_t n)
{
	memmove(r->buf, r->buf + n, r->len - n);
	r->len -= n;
	if (r->buf)
		r->buf[r->len] = '\0';
}

/* The value of a Content-Length header, digits only: its length, or -1. */
static int content_length(const char *v, size_t n, size_t *out)
{
	while (n && (*v == ' ' || *v == '\t'))
		v++, n--;
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	if (!n)
		return -1;
	size_t x = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		if (x > LSP_MAX_BODY) /* stays large; no overflow */
			continue;
		x = x * 10 + (size_t)(v[i] - '0');
	}
	*out = x;
	return 0;
}

/* The header block of HLEN bytes (without the empty line): its
 * Content-Length into r->body_len. 0 or -1 with WHY. */
static int parse_header(struct lsp_reader *r, size_t hlen, char *why, size_t wlen)
{
	const char *p = r->buf, *end = r->buf + hlen;
	int found = 0;
	while (p < end) {
		const char *eol = memchr(p, '\r', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *colon = memchr(p, ':', (size_t)(eol - p));
		if (!colon) {
			snprintf(why, wlen, "a header line without ':'");
			return -1;
		}
		if ((size_t)(colon - p) == 14 && !strncasecmp(p, "Content-Length", 14)) {
			size_t n;
			if (found || content_length(colon + 1, (size_t)(eol - colon - 1), &n) < 0) {
				snprintf(why, wlen, found ? "two Content-Length headers" : "a Content-Length that is not a number");
				return -1;
			}
			if (n > LSP_MAX_BODY) {
				snprintf(why, wlen, "a Content-Length over %zu MiB", LSP_MAX_BODY >> 20);
				return -1;
			}
			r->body_len = n;
			found = 1;
		}
		p = eol + 2; /* "\r\n": the block holds only whole lines */
	}
	if (!found) {
		snprintf(why, wlen, "a message without Content-Length");
		return -1;
	}
	return 0;
}

int lsp_reader_next(struct lsp_reader *r, char **body, size_t *len, char *why, size_t wlen)
{
	if (!r->have_header) {
		char *blank = r->len ? strstr(r->buf, "\r\n\r\n") : NULL;
		/* a NUL in the header block hides its end from strstr: the size
		 * limit still ends the wait */
		if (!blank || (size_t)(blank - r->buf) > LSP_MAX_HEADER) {
			if (r->len > LSP_MAX_HEADER + 4 || (blank && (size_t)(blank - r->buf) > LSP_MAX_HEADER)) {
				snprintf(why, wlen, "a header block over %d bytes", LSP_MAX_HEADER);
				return -1;
			}
			return 0;
		}
		size_t hlen = (size_t)(blank - r->buf);
		if (parse_header(r, hlen, why, wlen) < 0)
			return -1;
		consume(r, hlen + 4);
		r->have_header = 1;
	}
	if (r->len < r->body_len)
		return 0;
	*body = xmalloc(r->body_len + 1);
	memcpy(*body, r->buf, r->body_len);
	(*body)[r->body_len] = '\0';
	*len = r->body_len;
	consume(r, r->body_len);
	r->have_header = 0;
	r->body_len = 0;
	return 1;
}

static int valid_id(json_object *id)
{
	return json_object_is_type(id, json_type_int) || json_object_is_type(id, json_type_string);
}

/* The class of a parsed JSON value M->root. */
static void classify(struct lsp_message *m)
{
	json_object *v;
	m->kind = LSP_INVALID;
	m->code = LSP_INVALID_REQUEST;
	if (!json_object_is_type(m->root, json_type_object))
		return;
	if (!json_object_object_get_ex(m->root, "jsonrpc", &v) || !json_object_is_type(v, json_type_string) ||
	    strcmp(json_object_get_string(v), "2.0"))
		return;
	int has_id = json_object_object_get_ex(m->root, "id", &m->id);
	if (has_id && !valid_id(m->id)) {
		m->id = NULL; /* answered with a null id, as JSON-RPC says */
		return;
	}
	if (json_object_object_get_ex(m->root, "method", &v)) {
		if (!json_object_is_type(v, json_type_string))
			return;
		m->method = json_object_get_string(v);
		if (json_object_object_get_ex(m->root, "params", &m->params) && m->params &&
		    !json_object_is_type(m->params, json_type_object) && !json_object_is_type(m->params, json_type_array))
			return;
		m->kind = has_id ? LSP_REQUEST : LSP_NOTIFICATION;
		return;
	}
	if (has_id && (json_object_object_get_ex(m->root, "result", NULL) || json_object_object_get_ex(m->root, "error", NULL)))
		m->kind = LSP_RESPONSE;
}

void lsp_message_parse(struct lsp_message *m, const char *body, size_t n)
{
	memset(m, 0, sizeof *m);
	m->kind = LSP_INVALID;
	m->code = LSP_PARSE_ERROR;
	if (n > (size_t)INT32_MAX || memchr(body, '\0', n))
		return;
	json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *root = json_tokener_parse_ex(tok, body, (int)n);
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (e != json_tokener_success) {
		/* json_tokener_continue: the body ended inside a value */
		json_object_put(root);
		return;
	}
	for (; used < n; used++)
		if (!strchr(" \t\r\n", body[used])) {
			json_object_put(root);
			return; /* something after the value */
		}
	m->root = root;
	classify(m);
}

void lsp_message_free(struct lsp_message *m)
{
	json_object_put(m->root);
	memset(m, 0, sizeof *m);
}

int lsp_write(int fd, json_object *msg)
{
	size_t n;
	const char *s = json_object_to_json_string_length(msg, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	char head[64];
	int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", n);
	return cl_write_full(fd, head, (size_t)h) < 0 || cl_write_full(fd, s, n) < 0 ? -1 : 0;
}

static json_object *envelope(void)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "jsonrpc", json_object_new_string("2.0"));
	return o;
}

static int send_consumed(int fd, json_object *o)
{
	int rc = lsp_write(fd, o);
	json_object_put(o);
	return rc;
}

int lsp_respond(int fd, json_object *id, json_object *result)
{
	json_object *o = envelope();
	json_object_object_add(o, "id", json_object_get(id));
	json_object_object_add(o, "result", result);
	return send_consumed(fd, o);
}

int lsp_respond_error(int fd, json_object *id, int code, const char *message)
{
	json_object *o = envelope(), *e = json_object_new_object();
	json_object_object_add(o, "id", json_object_get(id));
	json_object_object_add(e, "code", json_object_new_int(code));
	json_object_object_add(e, "message", json_object_new_string(message));
	json_object_object_add(o, "error", e);
	return send_consumed(fd, o);
}

int lsp_notify(int fd, const char *method, json_object *params)
{
	json_object *o = envelope();
	json_object_object_add(o, "method", json_object_new_string(method));
	json_object_object_add(o, "params", params);
	return send_consumed(fd, o);
}
