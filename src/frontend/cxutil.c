#include "frontend/cxutil.h"

#include <string.h>

/* The starts of the files of one unit that cx_location_at was asked about:
 * a few (the main file, a header), looked through in order. Per thread, as
 * libclang's units are. */
#define CX_STARTS 16
static __thread struct {
	CXTranslationUnit tu;
	int n, next;
	CXFile file[CX_STARTS];
	CXSourceLocation start[CX_STARTS];
} starts;

void cx_location_forget(CXTranslationUnit tu)
{
	if (starts.tu == tu) {
		starts.tu = NULL;
		starts.n = starts.next = 0;
	}
}

static void file_start(CXTranslationUnit tu, CXFile f, CXSourceLocation *out)
{
	if (starts.tu != tu) {
		starts.tu = tu;
		starts.n = starts.next = 0;
	}
	for (int i = 0; i < starts.n; i++)
		if (clang_File_isEqual(starts.file[i], f)) {
			*out = starts.start[i];
			return;
		}
	/* a null answer is kept too: each use then asks libclang, after the
	 * check below fails */
	CXSourceLocation s = clang_getLocationForOffset(tu, f, 0);
	int i = starts.n < CX_STARTS ? starts.n++ : starts.next++ % CX_STARTS;
	starts.file[i] = f;
	starts.start[i] = s;
	*out = s;
}

/* Whether F's start in TU is known already. */
static int known_start(CXTranslationUnit tu, CXFile f)
{
	if (starts.tu != tu) {
		starts.tu = tu;
		starts.n = starts.next = 0;
	}
	for (int i = 0; i < starts.n; i++)
		if (clang_File_isEqual(starts.file[i], f))
			return 1;
	return 0;
}

int cx_location_learn(CXTranslationUnit tu, CXSourceLocation l)
{
	CXFile f, sf;
	unsigned off, soff;
	if (!l.ptr_data[0] || (l.int_data & 0x80000000u))
		return 0; /* no location, or a macro's */
	clang_getFileLocation(l, &f, NULL, NULL, &off);
	if (!f || l.int_data < off)
		return 0;
	if (known_start(tu, f))
		return 1;
	CXSourceLocation s = l;
	s.int_data -= off;
	clang_getFileLocation(s, &sf, NULL, NULL, &soff);
	if (!sf || soff != 0 || !clang_File_isEqual(sf, f))
		return 0;
	int i = starts.n < CX_STARTS ? starts.n++ : starts.next++ % CX_STARTS;
	starts.file[i] = f;
	starts.start[i] = s;
	return 1;
}

CXSourceLocation cx_location_at(CXTranslationUnit tu, CXFile f, unsigned off)
{
	CXSourceLocation s;
	/* a location is the source manager's offset (int_data) of a file's
	 * start plus the offset in the file; the top bit marks macro
	 * locations */
	if (!f)
		return clang_getLocationForOffset(tu, f, off);
	file_start(tu, f, &s);
	if (s.ptr_data[0] && off < 0x40000000u && s.int_data + off >= s.int_data &&
	    !((s.int_data + off) & 0x80000000u)) {
		CXSourceLocation l = s;
		l.int_data += off;
		CXFile lf;
		unsigned lo;
		clang_getFileLocation(l, &lf, NULL, NULL, &lo);
		if (lf && lo == off && clang_File_isEqual(lf, f))
			return l;
	}
	return clang_getLocationForOffset(tu, f, off);
}

int cx_decl_has_token(CXTranslationUnit tu, CXCursor decl, const char *word, unsigned max)
{
	CXFile f;
	unsigned b, e;
	CXSourceRange r = clang_getCursorExtent(decl);
	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	if (f) {
		/* the name's location, or the enclosing function's: the
		 * extent's start is often a macro's (`__shared__`), and so is
		 * the name of a variable a macro declares; neither can teach a
		 * file's start */
		for (CXCursor c = decl; !clang_Cursor_isNull(c) && clang_getCursorKind(c) != CXCursor_TranslationUnit;
		     c = clang_getCursorSemanticParent(c))
			if (cx_location_learn(tu, clang_getCursorLocation(c)) && known_start(tu, f))
				break;
		r = clang_getRange(cx_location_at(tu, f, b), cx_location_at(tu, f, e));
	}
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
