/* cxutil.h - small libclang helpers the front end shares. */
#ifndef CUDALINT_CXUTIL_H
#define CUDALINT_CXUTIL_H

#include "frontend/clang_api.h" /* libclang, loaded on first use */

/* Whether one of the first max tokens of decl's source is `word`. The
 * extent of a declaration that starts with a macro (`__managed__ int x`)
 * begins inside the macro, where clang_tokenize finds nothing, so the
 * range is moved to the file first. */
int cx_decl_has_token(CXTranslationUnit tu, CXCursor decl, const char *word, unsigned max);

/* clang_getLocationForOffset(tu, f, off) for clang_tokenize's ranges,
 * without its cost: libclang finds the file's start by a scan of every
 * source-location entry of the unit, those the PCH brought included, on
 * each call. This finds it once per file and unit and adds the offset to
 * it, checked with clang_getFileLocation (libclang is asked where the check
 * fails). Where OFF lies in a macro's argument, libclang would answer the
 * argument's expansion, this the place in the file: both are spelled at the
 * same place, which is all clang_tokenize reads. */
CXSourceLocation cx_location_at(CXTranslationUnit tu, CXFile f, unsigned off);
/* Teaches cx_location_at the start of L's file from L, a location in it
 * (not a macro's): its offset less its offset in the file, checked. The
 * first start of a header that came from a PCH (a precompiled preamble)
 * then costs no scan; libclang's search finds it only after reading every
 * source-location entry of the PCHs, some 1.3 G instructions. 1 when
 * the start of L's file is known now. */
int cx_location_learn(CXTranslationUnit tu, CXSourceLocation l);
/* Before clang_disposeTranslationUnit(tu): forgets its files' starts. */
void cx_location_forget(CXTranslationUnit tu);

/* Whether token t is spelled s. */
int cx_token_is(CXTranslationUnit tu, CXToken t, const char *s);

#endif
