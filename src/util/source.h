/* source.h - read-only access to source lines for snippets, fingerprints
 * and suppression comments. Files are read once and cached for the run;
 * cudalint never writes to them. */
#ifndef CUDALINT_SOURCE_H
#define CUDALINT_SOURCE_H

#include <stddef.h>

/* The text of a whole file (NUL-terminated), or NULL if unreadable. */
const char *source_text(const char *path, size_t *len);
/* Line `line` (1-based) without its newline, or NULL. */
const char *source_line(const char *path, unsigned line, size_t *len);

#endif
