/* cxutil.h - small libclang helpers the front end shares. */
#ifndef CUDALINT_CXUTIL_H
#define CUDALINT_CXUTIL_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */

/* Whether one of the first max tokens of decl's source is `word`. The
 * extent of a declaration that starts with a macro (`__managed__ int x`)
 * begins inside the macro, where clang_tokenize finds nothing, so the
 * range is moved to the file first. */
int cx_decl_has_token(CXTranslationUnit tu, CXCursor decl, const char *word, unsigned max);

/* Whether token t is spelled s. */
int cx_token_is(CXTranslationUnit tu, CXToken t, const char *s);

#endif
