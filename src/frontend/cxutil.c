#include "frontend/cxutil.h"

#include <string.h>

int cx_decl_has_token(CXTranslationUnit tu, CXCursor decl, const char *word, unsigned max)
{
	CXFile f;
	unsigned b, e;
	CXSourceRange r = clang_getCursorExtent(decl);
	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	if (f)
		r = clang_getRange(clang_getLocationForOffset(tu, f, b), clang_getLocationForOffset(tu, f, e));
	CXToken *toks;
	unsigned n;
	int found = 0;
	clang_tokenize(tu, r, &toks, &n);
	for (unsigned i = 0; i < n && i < max && !found; i++) {
		CXString sp = clang_getTokenSpelling(tu, toks[i]);
		found = !strcmp(clang_getCString(sp), word);
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

int cx_token_is(CXTranslationUnit tu, CXToken t, const char *s)
{
	CXString sp = clang_getTokenSpelling(tu, t);
	int eq = !strcmp(clang_getCString(sp), s);
	clang_disposeString(sp);
	return eq;
}
