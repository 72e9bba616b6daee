/* library.c - the table of device library primitives (library.h).
 *
 * Checked against cub's code (the headers of cub/block/, cub/warp/ and
 * their specializations/): which methods reach __syncthreads(), which only a
 * full-mask __syncwarp() or shuffle, and which template argument decides
 * it. A call is matched by its receiver's canonical type, which names the
 * class with its explicit template arguments: `cub::BlockLoad<int, 128, 4,
 * cub::BLOCK_LOAD_TRANSPOSE>` outside templates (defaulted arguments left
 * out), `cub::BlockLoad<int, value-parameter-0-0, 4, value-parameter-0-1,
 * 1, 1>` inside one (every argument, a template parameter's spelt so). An
 * argument cudalint cannot read leaves a primitive that depends on it
 * LIB_MAYBE_BLOCK: no rule reports it as a barrier, and the analyses that
 * a barrier only quietens (shared values read after one, memory ordering)
 * take it as one. */
#include "analysis/library.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A receiver type: the class's unqualified name, and its template
 * arguments (just after the '<'), when a namespace on its path is cub. */
struct recv {
	char cls[48];
	const char *args;
};

static bool parse_recv(const char *t, struct recv *r)
{
	if (!t)
		return false;
	while (!strncmp(t, "const ", 6) || !strncmp(t, "volatile ", 9))
		t += t[0] == 'c' ? 6 : 9;
	const char *lt = strchr(t, '<');
	const char *end = lt ? lt : t + strlen(t);
	const char *cls = t;
	bool cub = false;
	for (const char *p = t; p + 1 < end; p++)
		if (p[0] == ':' && p[1] == ':') {
			cub |= p - cls == 3 && !strncmp(cls, "cub", 3);
			cls = p + 2;
			p++;
		}
	/* libclang 19 spells a dependent receiver without its namespace
	 * (`BlockScan<int, THREADS, cub::BLOCK_SCAN_RAKING, 1, 1>`): cub's
	 * enumerators among the arguments say whose class it is */
	if (!cub && lt && cls == t && strstr(lt, "cub::"))
		cub = true;
	size_t n = (size_t)(end - cls);
	while (n && (cls[n - 1] == ' ' || cls[n - 1] == '*' || cls[n - 1] == '&'))
		n--;
	if (!cub || !n || n >= sizeof r->cls)
		return false;
	memcpy(r->cls, cls, n);
	r->cls[n] = 0;
	r->args = lt ? lt + 1 : NULL;
	return true;
}

/* Template argument I of R, trimmed, into buf: false when the spelling
 * has fewer (outside templates a defaulted argument is left out). */
static bool targ(const struct recv *r, int i, char *buf, size_t len)
{
	if (!r->args)
		return false;
	int depth = 0, k = 0;
	const char *start = r->args;
	for (const char *p = r->args; *p; p++) {
		if (*p == '<' || *p == '(' || *p == '[') {
			depth++;
			continue;
		}
		if ((*p == '>' || *p == ')' || *p == ']') && depth > 0) {
			depth--;
			continue;
		}
		if (*p != ',' && *p != '>')
			continue;
		if (k == i) {
			while (start < p && *start == ' ')
				start++;
			size_t n = (size_t)(p - start);
			while (n && start[n - 1] == ' ')
				n--;
			if (n >= len)
				return false;
			memcpy(buf, start, n);
			buf[n] = 0;
			return true;
		}
		if (*p == '>')
			return false;
		k++;
		start = p + 1;
	}
	return false;
}

/* An enumerator argument without its namespace, DFLT when left out, or
 * NULL when it is no enumerator (a template parameter, a cast). */
static const char *enum_arg(const struct recv *r, int i, const char *dflt, char *buf, size_t len)
{
	if (!targ(r, i, buf, len))
		return dflt;
	const char *p = strrchr(buf, ':');
	p = p ? p + 1 : buf;
	return !strncmp(p, "BLOCK_", 6) ? p : NULL;
}

/* An integer argument, DFLT when left out; false when not a literal. */
static bool int_arg(const struct recv *r, int i, int64_t dflt, int64_t *out)
{
	char buf[64];
	if (!targ(r, i, buf, sizeof buf)) {
		*out = dflt;
		return true;
	}
	char *end;
	long long v = strtoll(buf, &end, 10);
	while (*end == 'U' || *end == 'L' || *end == 'u' || *end == 'l')
		end++;
	if (end == buf || *end)
		return false;
	*out = v;
	return true;
}

typedef enum lib_sync (*sync_fn)(const struct recv *r, int nargs);

/* BlockReduce and BlockScan <T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y,
 * BLOCK_DIM_Z>: every algorithm calls __syncthreads(), except the raking
 * ones for a block of one warp or less, which reduce warp-synchronously
 * (block_reduce_raking.cuh, block_scan_raking.cuh: WARP_SYNCHRONOUS). */
static enum lib_sync block_threads_sync(const struct recv *r, const char *dflt_algorithm)
{
	int64_t x, y, z;
	if (!int_arg(r, 1, 0, &x) || !int_arg(r, 3, 1, &y) || !int_arg(r, 4, 1, &z) || x * y * z > 32)
		return LIB_BLOCK;
	char buf[64];
	const char *alg = enum_arg(r, 2, dflt_algorithm, buf, sizeof buf);
	if (!alg)
		return LIB_MAYBE_BLOCK;
	if (!strstr(alg, "RAKING"))
		return LIB_BLOCK;
	return x * y * z == 32 ? LIB_WARP : LIB_LOCAL;
}

static enum lib_sync reduce_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	return block_threads_sync(r, "BLOCK_REDUCE_WARP_REDUCTIONS");
}

static enum lib_sync scan_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	return block_threads_sync(r, "BLOCK_SCAN_RAKING");
}

/* BlockExchange<T, BLOCK_DIM_X, ITEMS, WARP_TIME_SLICING>: the warp-striped
 * exchanges synchronise only the warp, unless time-sliced. */
static enum lib_sync exchange_warp_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	char buf[64];
	if (!targ(r, 3, buf, sizeof buf) || !strcmp(buf, "false"))
		return LIB_WARP;
	return !strcmp(buf, "true") ? LIB_BLOCK : LIB_MAYBE_BLOCK;
}

/* BlockLoad and BlockStore<T, BLOCK_DIM_X, ITEMS, ALGORITHM>: only the
 * transposing algorithms go through a BlockExchange; the warp transpose
 * synchronises the warp, except a guarded BlockStore, which shares
 * valid_items through the block (block_store.cuh). */
static enum lib_sync transpose_sync(const struct recv *r, bool guarded_store)
{
	char buf[64];
	const char *alg = enum_arg(r, 3, "BLOCK_LOAD_DIRECT", buf, sizeof buf);
	if (!alg)
		return LIB_MAYBE_BLOCK;
	const char *a = alg + strlen("BLOCK_"); /* BLOCK_LOAD_x, BLOCK_STORE_x */
	a += !strncmp(a, "LOAD", 4) ? 4 : !strncmp(a, "STORE", 5) ? 5 : 0;
	if (!strcmp(a, "_DIRECT") || !strcmp(a, "_STRIPED") || !strcmp(a, "_VECTORIZE"))
		return LIB_LOCAL;
	if (!strcmp(a, "_TRANSPOSE") || !strcmp(a, "_WARP_TRANSPOSE_TIMESLICED"))
		return LIB_BLOCK;
	if (!strcmp(a, "_WARP_TRANSPOSE"))
		return guarded_store ? LIB_BLOCK : LIB_WARP;
	return LIB_MAYBE_BLOCK;
}

static enum lib_sync load_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	return transpose_sync(r, false);
}

static enum lib_sync store_sync(const struct recv *r, int nargs)
{
	return transpose_sync(r, nargs >= 3);
}

/* BlockHistogram<T, BLOCK_DIM_X, ITEMS, BINS, ALGORITHM>::Composite sorts
 * (BLOCK_HISTO_SORT, the default) or adds atomically. */
static enum lib_sync composite_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	char buf[64];
	const char *alg = enum_arg(r, 4, "BLOCK_HISTO_SORT", buf, sizeof buf);
	if (!alg)
		return LIB_MAYBE_BLOCK;
	return !strcmp(alg, "BLOCK_HISTO_SORT") ? LIB_BLOCK : !strcmp(alg, "BLOCK_HISTO_ATOMIC") ? LIB_LOCAL
	                                                                                          : LIB_MAYBE_BLOCK;
}

/* WarpReduce and WarpScan<T, LOGICAL_WARP_THREADS = 32>: a logical warp of
 * 32 shuffles with the full mask; a smaller one with its own lanes, which
 * cudalint does not follow. */
static enum lib_sync warp_sync(const struct recv *r, int nargs)
{
	(void)nargs;
	int64_t lanes;
	return int_arg(r, 1, 32, &lanes) && lanes == 32 ? LIB_WARP : LIB_LOCAL;
}

struct lib_row {
	const char *cls;
	const char *methods; /* '|'-separated */
	enum lib_sync sync;  /* unless by says */
	sync_fn by;
	unsigned outs;
	bool scalar_outs;
};

#define ARG(i) (1u << (i))

static const struct lib_row rows[] = {
	{ "BlockReduce", "Sum|Reduce", LIB_BLOCK, reduce_sync, 0, false },
	{ "BlockScan", "ExclusiveSum|InclusiveSum|ExclusiveScan|InclusiveScan", LIB_BLOCK, scan_sync, ARG(1), true },
	{ "BlockExchange", "StripedToBlocked|BlockedToStriped|ScatterToBlocked|ScatterToStriped|ScatterToStripedGuarded|"
	                   "ScatterToStripedFlagged", LIB_BLOCK, NULL, ARG(0) | ARG(1), false },
	{ "BlockExchange", "WarpStripedToBlocked|BlockedToWarpStriped", LIB_WARP, exchange_warp_sync, ARG(0) | ARG(1), false },
	{ "BlockRadixSort", "Sort|SortDescending|SortBlockedToStriped|SortDescendingBlockedToStriped", LIB_BLOCK, NULL,
	  ARG(0) | ARG(1), false },
	{ "BlockMergeSort", "Sort|StableSort|Sync", LIB_BLOCK, NULL, ARG(0) | ARG(1), false },
	{ "BlockLoad", "Load", LIB_MAYBE_BLOCK, load_sync, ARG(1), false },
	{ "BlockStore", "Store", LIB_MAYBE_BLOCK, store_sync, 0, false },
	{ "BlockHistogram", "Histogram", LIB_BLOCK, NULL, ARG(1), false },
	{ "BlockHistogram", "Composite", LIB_BLOCK, composite_sync, ARG(1), false },
	{ "BlockHistogram", "InitHistogram", LIB_LOCAL, NULL, ARG(0), false },
	{ "BlockDiscontinuity", "FlagHeads|FlagTails", LIB_BLOCK, NULL, ARG(0), false },
	{ "BlockDiscontinuity", "FlagHeadsAndTails", LIB_BLOCK, NULL, ARG(0) | ARG(1), false },
	{ "BlockAdjacentDifference", "SubtractLeft|SubtractLeftPartialTile|SubtractRight|SubtractRightPartialTile",
	  LIB_BLOCK, NULL, ARG(1), false },
	{ "BlockShuffle", "Offset|Rotate|Up|Down", LIB_BLOCK, NULL, ARG(1), true },
	{ "WarpReduce", "Sum|Reduce|HeadSegmentedSum|TailSegmentedSum|HeadSegmentedReduce|TailSegmentedReduce", LIB_WARP,
	  warp_sync, 0, false },
	{ "WarpScan", "InclusiveSum|ExclusiveSum|InclusiveScan|ExclusiveScan|Scan", LIB_WARP, warp_sync, ARG(1), true },
};

static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == n && !strncmp(p, name, n))
			return true;
		if (!bar)
			break;
		p = bar + 1;
	}
	return false;
}

bool library_call(const struct ir_expr *call, struct lib_call *out)
{
	const struct ir_call *c = call->u.call;
	struct recv r;
	if (!c->is_method || !c->name || !parse_recv(c->recv_type, &r))
		return false;
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const struct lib_row *row = &rows[i];
		if (strcmp(row->cls, r.cls) || !in_list(row->methods, c->name))
			continue;
		out->cls = row->cls;
		out->method = c->name;
		out->sync = row->by ? row->by(&r, call->nkids - 1) : row->sync;
		out->outs = row->outs;
		out->scalar_outs = row->scalar_outs;
		return true;
	}
	return false;
}

/* cub's block collectives and where their BlockDimY and BlockDimZ
 * arguments are (BlockDimX is always the second): the shape of the block
 * the class is written for, which cub requires the launch to have. */
static const struct { const char *cls; int y; } block_classes[] = {
	{ "BlockReduce", 3 }, { "BlockScan", 3 }, { "BlockLoad", 4 }, { "BlockStore", 4 },
	{ "BlockExchange", 4 }, { "BlockRadixSort", 8 }, { "BlockHistogram", 5 },
	{ "BlockDiscontinuity", 2 }, { "BlockAdjacentDifference", 2 }, { "BlockShuffle", 2 },
};

bool library_block_shape(const struct ir_expr *call, int shape[3])
{
	const struct ir_call *c = call->u.call;
	struct recv r;
	if (call->kind != EK_CALL || !c->is_method || !parse_recv(c->recv_type, &r))
		return false;
	for (size_t i = 0; i < sizeof block_classes / sizeof *block_classes; i++) {
		if (strcmp(block_classes[i].cls, r.cls))
			continue;
		int64_t d[3];
		int at[3] = { 1, block_classes[i].y, block_classes[i].y + 1 };
		char buf[8];
		if (!targ(&r, 1, buf, sizeof buf)) /* no BlockDimX: not this class's spelling */
			return false;
		for (int k = 0; k < 3; k++)
			if (!int_arg(&r, at[k], 1, &d[k]) || d[k] < 1 || d[k] > 1024)
				return false;
		if (d[0] * d[1] * d[2] > 1024)
			return false;
		for (int k = 0; k < 3; k++)
			shape[k] = (int)d[k];
		return true;
	}
	return false;
}
