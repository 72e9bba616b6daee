/* lower_attrs.c - a kernel's __launch_bounds__ and __cluster_dims__.
 *
 * libclang shows both only as an UnexposedAttr with no operands, so they
 * are read from the tokens of the declaration before the function's name:
 * `__launch_bounds__(256, 2)`, `__attribute__((launch_bounds(256)))`,
 * `__cluster_dims__(2, 1, 1)`. Only arguments written as integer
 * literals, with + - * between them, are taken; a macro or a template
 * parameter leaves the attribute unknown (0), as if it were absent. */
#include "frontend/cxutil.h"
#include "frontend/lower_internal.h"

#include <stdlib.h>
#include <string.h>

struct toks {
	CXTranslationUnit tu;
	CXToken *v;
	unsigned n;
};

static int is(const struct toks *t, unsigned i, const char *s)
{
	return i < t->n && cx_token_is(t->tu, t->v[i], s);
}

static int literal(const struct toks *t, unsigned i, long long *out)
{
	if (i >= t->n || clang_getTokenKind(t->v[i]) != CXToken_Literal)
		return 0;
	CXString sp = clang_getTokenSpelling(t->tu, t->v[i]);
	const char *s = clang_getCString(sp);
	char *end;
	long long v = strtoll(s, &end, 0);
	int ok = end != s && strspn(end, "uUlL") == strlen(end) && v >= 0 && v <= 1 << 20;
	clang_disposeString(sp);
	*out = v;
	return ok;
}

/* One argument from token *i: literals joined by + - * (left to right,
 * * first); stops at `,` or `)`. 0 when it is anything else. */
static long long argument(const struct toks *t, unsigned *i)
{
	long long sum = 0, term = 0;
	int sign = 1, ok = 1;
	for (;;) {
		long long v;
		if (!literal(t, *i, &v)) {
			ok = 0;
			break;
		}
		term = v;
		(*i)++;
		while (is(t, *i, "*") && literal(t, *i + 1, &v)) {
			term *= v;
			*i += 2;
			if (term > 1 << 20)
				ok = 0;
		}
		sum += sign * term;
		if (is(t, *i, "+") || is(t, *i, "-")) {
			sign = is(t, *i, "+") ? 1 : -1;
			(*i)++;
			continue;
		}
		break;
	}
	if (!is(t, *i, ",") && !is(t, *i, ")"))
		ok = 0;
	/* skip the rest of an argument not taken */
	for (int depth = 0; *i < t->n; (*i)++) {
		if (is(t, *i, "("))
			depth++;
		else if (is(t, *i, ")") && depth-- == 0)
			break;
		else if (!depth && is(t, *i, ","))
			break;
	}
	return ok && sum > 0 ? sum : 0;
}

/* The arguments of the attribute whose name is token at: up to 3. */
static int arguments(const struct toks *t, unsigned at, long long out[3])
{
	unsigned i = at + 1;
	int n = 0;
	if (!is(t, i, "("))
		return 0;
	i++;
	while (i < t->n && n < 3) {
		out[n++] = argument(t, &i);
		if (!is(t, i, ","))
			break;
		i++;
	}
	return n;
}

void lower_kernel_attrs(struct lower *L, CXCursor c, struct ir_func *f)
{
	CXFile file, nf;
	unsigned b, e;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getCursorLocation(c), &nf, NULL, NULL, &e);
	if (!file || !nf || !clang_File_isEqual(file, nf) || e <= b)
		return;
	struct toks t = { L->tu, NULL, 0 };
	cx_location_learn(L->tu, clang_getCursorLocation(c));
	CXSourceRange r = clang_getRange(cx_location_at(L->tu, file, b), cx_location_at(L->tu, file, e));
	clang_tokenize(L->tu, r, &t.v, &t.n);
	for (unsigned i = 0; i < t.n; i++) {
		long long a[3] = { 0, 0, 0 };
		if (is(&t, i, "__launch_bounds__") || is(&t, i, "launch_bounds")) {
			if (arguments(&t, i, a) >= 1)
				f->launch_bounds = (int)a[0];
		} else if (is(&t, i, "__cluster_dims__") || is(&t, i, "cluster_dims")) {
			int n = arguments(&t, i, a);
			for (int d = 0; d < 3; d++)
				f->cluster_dims[d] = d < n ? (int)a[d] : 1;
			if (!a[0] || (n > 1 && !a[1]) || (n > 2 && !a[2]))
				f->cluster_dims[0] = f->cluster_dims[1] = f->cluster_dims[2] = 0;
		}
	}
	clang_disposeTokens(L->tu, t.v, t.n);
}
