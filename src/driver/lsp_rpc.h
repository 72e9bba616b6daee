/* lsp_rpc.h - the wire of the language server (`cudalint lsp`): LSP's
 * base protocol, JSON-RPC 2.0 messages framed by a `Content-Length`
 * header, read from and written to file descriptors. The JSON itself is
 * json-c's; this is only the framing and the message classes. */
#ifndef CUDALINT_LSP_RPC_H
#define CUDALINT_LSP_RPC_H

#include <json-c/json.h>
#include <stddef.h>

/* The largest message body accepted: a didOpen of the largest file
 * cudalint reads (64 MiB), escaped. A larger Content-Length is refused
 * before anything is allocated for it. */
#define LSP_MAX_BODY ((size_t)256 << 20)
/* The longest header block (all header lines together). */
#define LSP_MAX_HEADER 8192

/* JSON-RPC's and LSP's error codes */
enum {
	LSP_PARSE_ERROR = -32700,
	LSP_INVALID_REQUEST = -32600,
	LSP_METHOD_NOT_FOUND = -32601,
	LSP_INVALID_PARAMS = -32602,
	LSP_INTERNAL_ERROR = -32603,
	LSP_SERVER_NOT_INITIALIZED = -32002,
	LSP_REQUEST_CANCELLED = -32800,
};

/* Bytes in, whole message bodies out. */
struct lsp_reader {
	char *buf;
	size_t len, cap;
	size_t body_len; /* of the message whose header has been read */
	int have_header;
};

void lsp_reader_init(struct lsp_reader *r);
void lsp_reader_free(struct lsp_reader *r);
/* Appends N bytes read from the wire. */
void lsp_reader_feed(struct lsp_reader *r, const char *data, size_t n);
/* The next whole message: 1 with *BODY (malloc'd, NUL-terminated) and
 * *LEN set; 0 when more bytes are needed; -1 on a header that breaks the
 * framing (no or a malformed Content-Length, one over LSP_MAX_BODY, a
 * header block over LSP_MAX_HEADER), with WHY (WLEN bytes) saying which.
 * After -1 the stream cannot be resynchronised. */
int lsp_reader_next(struct lsp_reader *r, char **body, size_t *len, char *why, size_t wlen);

/* What a message body is. */
enum lsp_kind {
	LSP_REQUEST,      /* method and id */
	LSP_NOTIFICATION, /* method, no id */
	LSP_RESPONSE,     /* id and result or error: an answer to a request of ours */
	LSP_INVALID,      /* *CODE says why: LSP_PARSE_ERROR or LSP_INVALID_REQUEST */
};

struct lsp_message {
	enum lsp_kind kind;
	int code;            /* LSP_INVALID: the error to answer with */
	json_object *root;   /* owned; NULL when the body is not JSON */
	json_object *id;     /* borrowed from root: integer or string, or NULL */
	const char *method;  /* borrowed from root */
	json_object *params; /* borrowed from root, or NULL */
};

/* Parses and classifies one body (exactly N bytes, nothing after the
 * value). Free with lsp_message_free. */
void lsp_message_parse(struct lsp_message *m, const char *body, size_t n);
void lsp_message_free(struct lsp_message *m);

/* Writes one framed message; takes a reference to nothing. 0 or -1 (errno). */
int lsp_write(int fd, json_object *msg);
/* The response to request ID (NULL: null) with RESULT (consumed; NULL: null). */
int lsp_respond(int fd, json_object *id, json_object *result);
/* The error response to request ID (NULL: null). */
int lsp_respond_error(int fd, json_object *id, int code, const char *message);
/* A notification with PARAMS (consumed). */
int lsp_notify(int fd, const char *method, json_object *params);

#endif
