/* blocksim_value.c - the simulation's values: C integer arithmetic in the
 * width and signedness of the type the front end spelled, and the sizes
 * of types from their spellings (the IR keeps spellings, not layouts).
 * Whatever cannot be computed is BS_RV_TOP: a wrong number would be a wrong
 * finding, an unknown one only a missed one. */
#include "analysis/blocksim_internal.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

bool bs_rv_equal(const struct bs_rv *a, const struct bs_rv *b)
{
	if (a->k != b->k)
		return false;
	switch (a->k) {
	case BS_RV_INT: return a->i == b->i;
	case BS_RV_PTR: return a->obj == b->obj && a->field == b->field && a->i == b->i && a->uoff == b->uoff;
	case BS_RV_LOCAL: return a->frame == b->frame && a->fgen == b->fgen && a->slot == b->slot && a->i == b->i;
	default: return a->uni == b->uni && a->vid == b->vid && a->vid;
	}
}

/* ---- type spellings ----------------------------------------------------------- */

/* The spelling without cv-qualifiers and leading keywords. */
static const char *skip_quals(const char *t)
{
	for (;;) {
		while (*t == ' ')
			t++;
		static const char *const q[] = { "const ", "volatile ", "struct ", "union ", "class ", "__restrict__ " };
		bool again = false;
		for (size_t i = 0; i < sizeof q / sizeof *q; i++)
			if (!strncmp(t, q[i], strlen(q[i]))) {
				t += strlen(q[i]);
				again = true;
			}
		if (!again)
			return t;
	}
}

static bool word_in(const char *t, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = strstr(t, w); p; p = strstr(p + 1, w))
		if ((p == t || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return true;
	return false;
}

static bool type_is_float(const char *t)
{
	if (!t || strchr(t, '*') || strchr(t, '['))
		return false;
	return word_in(t, "float") || word_in(t, "double") || word_in(t, "half") || word_in(t, "__half") ||
	       word_in(t, "__nv_bfloat16") || word_in(t, "__half2") || word_in(t, "float2") ||
	       word_in(t, "float4") || word_in(t, "double2");
}

static const struct { const char *name; int bits; bool is_unsigned; } ints[] = {
	{ "bool", 8, true }, { "char", 8, false }, { "signed char", 8, false }, { "unsigned char", 8, true },
	{ "short", 16, false }, { "unsigned short", 16, true }, { "int", 32, false }, { "unsigned int", 32, true },
	{ "unsigned", 32, true }, { "long", 64, false }, { "unsigned long", 64, true }, { "long long", 64, false },
	{ "unsigned long long", 64, true }, { "size_t", 64, true }, { "ssize_t", 64, false },
	{ "ptrdiff_t", 64, false }, { "intptr_t", 64, false }, { "uintptr_t", 64, true },
	{ "int8_t", 8, false }, { "uint8_t", 8, true }, { "int16_t", 16, false }, { "uint16_t", 16, true },
	{ "int32_t", 32, false }, { "uint32_t", 32, true }, { "int64_t", 64, false }, { "uint64_t", 64, true },
	{ "uint", 32, true }, { "ushort", 16, true }, { "uchar", 8, true }, { "ulong", 64, true },
	{ "long int", 64, false }, { "unsigned long int", 64, true }, { "short int", 16, false },
	{ "long long int", 64, false }, { "unsigned long long int", 64, true },
};

/* Bits and signedness of an integral type spelling; false if not one. */
static bool int_type(const char *t, int *bits, bool *is_unsigned)
{
	if (!t)
		return false;
	t = skip_quals(t);
	if (!strncmp(t, "std::", 5))
		t += 5;
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
		if (!strcmp(t, ints[i].name)) {
			*bits = ints[i].bits;
			*is_unsigned = ints[i].is_unsigned;
			return true;
		}
	return false;
}

static int64_t wrap(int64_t v, int bits, bool is_unsigned)
{
	if (bits >= 64)
		return v;
	uint64_t m = ((uint64_t)1 << bits) - 1, x = (uint64_t)v & m;
	if (!is_unsigned && (x >> (bits - 1)))
		x |= ~m;
	return (int64_t)x;
}

struct bs_rv bs_rv_fit(struct bs_rv v, const struct bs_tinfo *t)
{
	if (v.k == BS_RV_INT && t->bits)
		v.i = wrap(v.i, t->bits, t->is_unsigned);
	return v;
}

static const struct { const char *name; int size; } sizes[] = {
	{ "float", 4 }, { "double", 8 }, { "__half", 2 }, { "half", 2 }, { "__nv_bfloat16", 2 },
	{ "__half2", 4 }, { "half2", 4 }, { "float2", 8 }, { "float3", 12 }, { "float4", 16 },
	{ "double2", 16 }, { "double4", 32 }, { "int2", 8 }, { "int3", 12 }, { "int4", 16 }, { "uint2", 8 },
	{ "uint3", 12 }, { "uint4", 16 }, { "char2", 2 }, { "char4", 4 }, { "uchar2", 2 }, { "uchar4", 4 },
	{ "short2", 4 }, { "short4", 8 }, { "ushort2", 4 }, { "ushort4", 8 }, { "longlong2", 16 },
	{ "ulonglong2", 16 },
};

/* An array extent: numbers, template parameters (TPARAM) and + - * / ( ). */
static bool extent_expr(const char **p, int64_t tparam, int64_t *out, int depth);

static bool extent_atom(const char **p, int64_t tparam, int64_t *out, int depth)
{
	while (**p == ' ')
		(*p)++;
	if (**p == '(') {
		(*p)++;
		if (!extent_expr(p, tparam, out, depth + 1))
			return false;
		while (**p == ' ')
			(*p)++;
		if (**p != ')')
			return false;
		(*p)++;
		return true;
	}
	if (isdigit((unsigned char)**p)) {
		char *end;
		*out = strtoll(*p, &end, 0);
		*p = end;
		while (**p == 'u' || **p == 'U' || **p == 'l' || **p == 'L')
			(*p)++;
		return true;
	}
	if (isalpha((unsigned char)**p) || **p == '_') {
		while (isalnum((unsigned char)**p) || **p == '_')
			(*p)++;
		*out = tparam;
		return **p != '(' && **p != ':'; /* not sizeof(...), not a qualified name */
	}
	return false;
}

static bool extent_term(const char **p, int64_t tparam, int64_t *out, int depth)
{
	if (!extent_atom(p, tparam, out, depth))
		return false;
	for (;;) {
		while (**p == ' ')
			(*p)++;
		char op = **p;
		if (op != '*' && op != '/')
			return true;
		(*p)++;
		int64_t r;
		if (!extent_atom(p, tparam, &r, depth) || (op == '/' && !r))
			return false;
		*out = op == '*' ? *out * r : *out / r;
	}
}

static bool extent_expr(const char **p, int64_t tparam, int64_t *out, int depth)
{
	if (depth > 8 || !extent_term(p, tparam, out, depth))
		return false;
	for (;;) {
		while (**p == ' ')
			(*p)++;
		char op = **p;
		if (op != '+' && op != '-')
			return true;
		(*p)++;
		int64_t r;
		if (!extent_term(p, tparam, &r, depth))
			return false;
		*out = op == '+' ? *out + r : *out - r;
	}
}

/* The extents of "float [16][17]" (outermost first), after the element
 * type, which *elem_end marks; the count, or -1 if one is unknown. */
static int extents(const char *t, int64_t tparam, int64_t *dims, int max, const char **elem_end)
{
	const char *b = strchr(t, '[');
	*elem_end = b;
	int n = 0;
	while (b && *b == '[') {
		const char *p = b + 1;
		int64_t v = -1;
		while (*p == ' ')
			p++;
		if (*p == ']') {
			v = -1; /* extern T a[]: no extent */
		} else if (!extent_expr(&p, tparam, &v, 0) || *p != ']' || v < 0) {
			return -1;
		}
		if (n < max)
			dims[n] = v;
		n++;
		b = strchr(p, ']');
		b = b ? b + 1 : NULL;
		while (b && *b == ' ')
			b++;
	}
	return n;
}

/* The element type and the extents of TYPE (no extent: not an array);
 * false when one of them cannot be read. */
static bool split_array(const char *t, int64_t tparam, char *base, size_t nbase, int64_t *dims, int *n)
{
	const char *end;
	*n = extents(t, tparam, dims, 8, &end);
	if (*n < 0 || *n > 8)
		return false;
	size_t len = end ? (size_t)(end - t) : strlen(t);
	while (len && t[len - 1] == ' ')
		len--;
	if (len >= nbase)
		return false;
	memcpy(base, t, len);
	base[len] = 0;
	return true;
}

/* The size of a scalar (or vector) type spelled T. */
static int64_t scalar_size(const char *t)
{
	int bits;
	bool u;
	if (int_type(t, &bits, &u))
		return bits / 8;
	const char *b = !strncmp(t, "std::", 5) ? t + 5 : t;
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
		if (!strcmp(b, sizes[i].name))
			return sizes[i].size;
	return 4; /* a typedef, a template parameter, a struct: one word, see rules/CL3001.md */
}

/* The size of the element and of the extents FROM on. */
static int64_t array_size(const char *type, int64_t tparam, int from)
{
	const char *t = skip_quals(type);
	char base[96];
	int64_t dims[8];
	int n;
	if (!split_array(t, tparam, base, sizeof base, dims, &n))
		return 0;
	int64_t size = scalar_size(base);
	for (int i = from; i < n; i++) {
		if (dims[i] < 0)
			return 0;
		size *= dims[i];
	}
	return size;
}

static int64_t type_size(const char *type, int64_t tparam)
{
	if (!type)
		return 0;
	const char *t = skip_quals(type);
	if (strchr(t, '*') && (!strchr(t, '[') || strchr(t, '*') < strchr(t, '[')))
		return 8;
	if (strchr(t, '&'))
		return 0;
	return array_size(t, tparam, 0);
}

static int64_t array_extent(const char *type, int64_t tparam)
{
	if (!type)
		return -1;
	const char *t = skip_quals(type), *end;
	if (strchr(t, '*'))
		return -1;
	int64_t dims[8];
	int n = extents(t, tparam, dims, 8, &end);
	return n > 0 ? dims[0] : -1;
}

static int64_t pointee_size(const char *type, int64_t tparam)
{
	if (!type)
		return 0;
	const char *star = strrchr(type, '*');
	if (!star || (strchr(type, '[') && strchr(type, '[') < star))
		return strchr(type, '[') ? array_size(type, tparam, 1) : 0; /* an array's element */
	char buf[128];
	size_t n = (size_t)(star - type);
	if (n >= sizeof buf)
		return 0;
	memcpy(buf, type, n);
	buf[n] = 0;
	while (n && buf[n - 1] == ' ')
		buf[--n] = 0;
	return type_size(buf, tparam);
}

/* ---- arithmetic ----------------------------------------------------------------- */

struct bs_rv bs_rv_binary(enum ir_op op, struct bs_rv a, struct bs_rv b, const struct bs_tinfo *t)
{
	if (a.k != BS_RV_INT || b.k != BS_RV_INT)
		return bs_rv_top(false);
	int64_t x = a.i, y = b.i, r;
	int bits = t->bits ? t->bits : 64;
	bool u = t->bits && t->is_unsigned;
	switch (op) {
	case OP_ADD: r = (int64_t)((uint64_t)x + (uint64_t)y); break;
	case OP_SUB: r = (int64_t)((uint64_t)x - (uint64_t)y); break;
	case OP_MUL: r = (int64_t)((uint64_t)x * (uint64_t)y); break;
	case OP_DIV:
	case OP_REM:
		if (!y || (y == -1 && x == INT64_MIN))
			return bs_rv_top(false);
		if (u && bits >= 64)
			r = op == OP_DIV ? (int64_t)((uint64_t)x / (uint64_t)y) : (int64_t)((uint64_t)x % (uint64_t)y);
		else
			r = op == OP_DIV ? x / y : x % y;
		break;
	case OP_SHL:
		if (y < 0 || y >= bits)
			return bs_rv_top(false);
		r = (int64_t)((uint64_t)x << y);
		break;
	case OP_SHR:
		if (y < 0 || y >= bits)
			return bs_rv_top(false);
		r = u ? (int64_t)(((uint64_t)x & (bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1))) >> y) : x >> y;
		break;
	case OP_AND: r = x & y; break;
	case OP_OR: r = x | y; break;
	case OP_XOR: r = x ^ y; break;
	/* comparisons: the operands are already in their (common) type */
	case OP_LT: return bs_rv_int(x < y);
	case OP_GT: return bs_rv_int(x > y);
	case OP_LE: return bs_rv_int(x <= y);
	case OP_GE: return bs_rv_int(x >= y);
	case OP_EQ: return bs_rv_int(x == y);
	case OP_NE: return bs_rv_int(x != y);
	case OP_LAND: return bs_rv_int(x && y);
	case OP_LOR: return bs_rv_int(x || y);
	case OP_COMMA: return b;
	default: return bs_rv_top(false);
	}
	return bs_rv_fit(bs_rv_int(r), t);
}

struct bs_rv bs_rv_unary(enum ir_op op, struct bs_rv a, const struct bs_tinfo *t)
{
	if (a.k != BS_RV_INT)
		return bs_rv_top(false);
	switch (op) {
	case OP_NEG: return bs_rv_fit(bs_rv_int((int64_t)(0 - (uint64_t)a.i)), t);
	case OP_PLUS: return a;
	case OP_NOT: return bs_rv_fit(bs_rv_int(~a.i), t);
	case OP_LNOT: return bs_rv_int(!a.i);
	default: return bs_rv_top(false);
	}
}

/* ---- the cache ---------------------------------------------------------------------- */

static void compute(struct bs_tinfo *ti, const char *t, int64_t tparam)
{
	ti->t = t;
	ti->tparam = tparam;
	ti->bits = 0;
	ti->is_unsigned = false;
	int bits;
	bool u;
	if (t && int_type(t, &bits, &u)) {
		ti->bits = bits;
		ti->is_unsigned = u;
	}
	ti->is_float = t && type_is_float(t);
	ti->size = type_size(t, tparam);
	ti->extent = array_extent(t, tparam);
	ti->pointee = pointee_size(t, tparam);
	const char *b = t ? strchr(t, '[') : NULL, *s = t ? strchr(t, '*') : NULL, *k = t ? strstr(t, "const") : NULL;
	ti->is_array = b && (!s || b < s);
	ti->const_pointee = s && k && k < s;
	ti->unsized = t && strstr(t, "[]");
	ti->atomic_ref = t && strstr(t, "atomic_ref");
}

const struct bs_tinfo *bs_type_fill(struct bs_ctx *c, const char *t)
{
	int64_t tparam = c->block.bdim[0];
	if (!t) {
		static const struct bs_tinfo none = { NULL, 0, 0, false, false, 0, -1, 0, false, false, false, false };
		return &none;
	}
	void **slot = cl_htab_put(c->cache.types, CL_HTAB_PTRKEY(t));
	struct bs_tinfo *ti = *slot;
	if (!ti) {
		*slot = ti = arena_alloc(c->cache.a, sizeof *ti);
		compute(ti, t, tparam);
	} else if (ti->tparam != tparam) {
		compute(ti, t, tparam);
	}
	c->cache.memo[bs_memo_slot(t)] = ti;
	return ti;
}

void bs_caches_init(struct bs_caches *k)
{
	memset(k->memo, 0, sizeof k->memo);
	memset(k->smemo, 0, sizeof k->smemo);
	k->a = arena_new();
	k->pa = arena_new();
	k->types = cl_htab_new();
	k->stmts = cl_htab_new();
	k->paths = cl_htab_new();
	k->pmemo = xcalloc(BS_MEMO2, sizeof *k->pmemo);
	k->cmemo = xcalloc(BS_MEMO2, sizeof *k->cmemo);
	k->spmemo = xcalloc(BS_MEMO2, sizeof *k->spmemo);
}

void bs_caches_free(struct bs_caches *k)
{
	cl_htab_free(k->types);
	cl_htab_free(k->stmts);
	cl_htab_free(k->paths);
	arena_free(k->a);
	arena_free(k->pa);
	free(k->pmemo);
	free(k->cmemo);
	free(k->spmemo);
	memset(k, 0, sizeof *k);
}
