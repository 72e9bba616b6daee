/* lsp_internal.h - the language server's state, shared by lsp_server.c
 * (the protocol) and lsp_worker.c (the analyses). */
#ifndef CUDALINT_LSP_INTERNAL_H
#define CUDALINT_LSP_INTERNAL_H

#include "driver/lsp.h"
#include "driver/lsp_rpc.h"

#include <json-c/json.h>
#include <stddef.h>
#include <sys/types.h>

/* A running analysis of one document's text. */
struct lsp_worker {
	pid_t pid;
	int out_fd;            /* its standard output: the JSON report */
	char *buf;
	size_t len, cap;
	unsigned long gen;     /* the document generation it analyses */
};

struct lsp_doc {
	char *uri, *path;
	char *text;            /* NUL-terminated */
	size_t len;
	int version;
	unsigned long gen;     /* bumped with every new text */
	int pending;           /* an analysis is due at DUE */
	long long due;         /* monotonic milliseconds */
	struct lsp_worker *worker;
	json_object *report;   /* the JSON report published for this text, or NULL */
};

struct lsp_server {
	int in, out;
	const struct lsp_server_options *o;
	struct lsp_reader reader;
	struct lsp_doc **docs;
	size_t ndocs, capdocs;
	int nworkers;
	int initialized, shut_down, exited;
	char *root;            /* the workspace folder; NULL: the current directory */
	unsigned long next_gen;
};

long long lsp_now_ms(void);
struct lsp_doc *lsp_doc_find(struct lsp_server *s, const char *uri);
/* Starts the analyses that are due, as far as max_workers allows; the
 * milliseconds until the next one is due, or -1. */
int lsp_schedule(struct lsp_server *s);
/* Kills DOC's running analysis, if any: its result will never come. */
void lsp_worker_cancel(struct lsp_server *s, struct lsp_doc *d);
/* Reads what W wrote; at its end, reaps it and publishes DOC's
 * diagnostics if its text is still the one analysed. */
void lsp_worker_readable(struct lsp_server *s, struct lsp_doc *d);
/* window/logMessage of TYPE (1 error .. 4 log) */
void lsp_log(struct lsp_server *s, int type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
