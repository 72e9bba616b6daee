/* lsp.h - `cudalint lsp`, the language server (docs/editors.md).
 *
 * One process speaks LSP 3.17 on standard input and output. Each open
 * document is analysed by a worker: this binary run as `cudalint
 * [OPTIONS] --format=json --stdin-filename=PATH -` with the editor's
 * text on its standard input, the same code path as the command line,
 * so the server publishes exactly what the command line reports. At most
 * one worker runs per document: a newer text kills the running one, and a
 * result is published only for the text it was computed from. */
#ifndef CUDALINT_LSP_H
#define CUDALINT_LSP_H

/* `cudalint lsp ARGS...` (ARGV[0] is "lsp"): the exit status. */
int lsp_main(int argc, char **argv);

struct lsp_server_options {
	const char *self;         /* the cudalint binary the workers run */
	const char *const *args;  /* options given to every analysis */
	int nargs;
	int debounce_ms;          /* after a change, before an analysis */
	int max_workers;          /* workers running at once, all documents */
};

/* Serves one client on IN and OUT until `exit` or the end of IN: 0 after
 * `shutdown` then `exit`, 1 otherwise (LSP's rule), 1 also when the
 * framing breaks (the reason on standard error). */
int lsp_serve(int in, int out, const struct lsp_server_options *o);

#endif
