/* intrinsics.c - the table of CUDA synchronisation vocabulary. */
#include "analysis/intrinsics.h"
#include "analysis/library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int starts(const char *s, const char *p)
{
	return s && !strncmp(s, p, strlen(p));
}

static int has(const char *s, const char *p)
{
	return s && strstr(s, p);
}

struct name_row { const char *name; enum intrinsic k; };

/* Free functions matched by exact name. */
static const struct name_row plain[] = {
	{ "__syncthreads", IN_SYNCTHREADS },
	{ "__barrier_sync", IN_SYNCTHREADS },
	{ "__syncthreads_count", IN_SYNCTHREADS_REDUCE },
	{ "__syncthreads_and", IN_SYNCTHREADS_REDUCE },
	{ "__syncthreads_or", IN_SYNCTHREADS_REDUCE },
	{ "__threadfence", IN_FENCE },
	{ "__threadfence_block", IN_FENCE },
	{ "__threadfence_system", IN_FENCE },
	{ "atomic_thread_fence", IN_FENCE },
	{ "__shfl_sync", IN_SHFL },
	{ "__shfl_up_sync", IN_SHFL_REL },
	{ "__shfl_down_sync", IN_SHFL_REL },
	{ "__shfl_xor_sync", IN_SHFL_REL },
	{ "__ballot_sync", IN_VOTE },
	{ "__all_sync", IN_VOTE },
	{ "__any_sync", IN_VOTE },
	{ "__uni_sync", IN_VOTE },
	{ "__match_any_sync", IN_VOTE },
	{ "__match_all_sync", IN_VOTE },
	{ "__reduce_add_sync", IN_VOTE },
	{ "__reduce_min_sync", IN_VOTE },
	{ "__reduce_max_sync", IN_VOTE },
	{ "__reduce_and_sync", IN_VOTE },
	{ "__reduce_or_sync", IN_VOTE },
	{ "__reduce_xor_sync", IN_VOTE },
	{ "__syncwarp", IN_SYNCWARP },
	{ "__activemask", IN_ACTIVEMASK },
	{ "clock", IN_CLOCK },
	{ "clock64", IN_CLOCK },
	{ "__globaltimer", IN_CLOCK },

	{ "cudaMalloc", IN_HOST_ALLOC_DEVICE },
	{ "cudaMallocAsync", IN_HOST_ALLOC_DEVICE },
	{ "cudaMallocPitch", IN_HOST_ALLOC_DEVICE },
	{ "cudaHostAlloc", IN_HOST_ALLOC_MAPPED },
	{ "cudaMallocHost", IN_HOST_ALLOC_MAPPED },
	{ "cudaHostGetDevicePointer", IN_HOST_ALLOC_MAPPED },
	{ "cudaHostRegister", IN_HOST_ALLOC_MAPPED },
	{ "cudaMallocManaged", IN_HOST_ALLOC_MAPPED },
	{ "atomicInc", IN_ATOMIC_RMW },
	{ "atomicDec", IN_ATOMIC_RMW },
	{ "atomicCAS", IN_ATOMIC_RMW },
	{ "atomicExch", IN_ATOMIC_RMW },
	{ "__atomic_load_n", IN_ATOMIC_LOAD },
	{ "__atomic_load", IN_ATOMIC_LOAD },
	{ "__atomic_store_n", IN_ATOMIC_STORE },
	{ "__atomic_store", IN_ATOMIC_STORE },
};

/* Methods of cooperative-groups groups. */
static enum intrinsic cg_method(const char *name, const char *recv)
{
	int grid = has(recv, "grid_group");
	int block = has(recv, "thread_block") && !has(recv, "thread_block_tile");
	int tile = has(recv, "thread_block_tile") || has(recv, "coalesced_group") || has(recv, "tiled_partition");
	if (!strcmp(name, "sync") || !strcmp(name, "barrier_wait")) {
		if (grid)
			return IN_GRID_SYNC;
		if (block)
			return IN_SYNCTHREADS;
		if (tile)
			return IN_TILE_COLLECTIVE;
	}
	if (!strcmp(name, "thread_rank") || !strcmp(name, "thread_index"))
		return IN_THREAD_RANK;
	if (!strcmp(name, "meta_group_rank"))
		return tile ? IN_WARP_RANK : IN_GROUP_QUERY;
	if (!strcmp(name, "size") || !strcmp(name, "num_threads") || !strcmp(name, "group_index") ||
	    !strcmp(name, "group_dim") || !strcmp(name, "dim_threads") || !strcmp(name, "block_index") ||
	    !strcmp(name, "block_rank") || !strcmp(name, "meta_group_size") || !strcmp(name, "num_blocks") ||
	    !strcmp(name, "dim_blocks") || !strcmp(name, "is_valid"))
		return IN_GROUP_QUERY;
	if (tile && (starts(name, "shfl") || !strcmp(name, "any") || !strcmp(name, "all") ||
	             !strcmp(name, "ballot") || starts(name, "match_")))
		return IN_TILE_COLLECTIVE;
	return IN_NONE;
}

static int is_cg(const struct ir_call *c)
{
	return has(c->qual, "cooperative_groups::") || has(c->recv_type, "cooperative_groups::");
}

/* libcu++ atomics: the canonical receiver type is an implementation
 * class such as cuda::std::__atomic_ref_bitwise<int, __thread_scope_device_tag>. */
static int is_cuda_atomic(const char *recv)
{
	return has(recv, "atomic_ref") || has(recv, "atomic<") || has(recv, "__atomic_");
}

/* A cuda::pipeline receiver, or one of no known type: `auto pipe =
 * cuda::make_pipeline(block, &state)` with a __shared__ state clang
 * rejected (docs/design/frontend.md, "`__shared__ cuda::barrier`") leaves
 * pipe `auto`; consumer_wait and producer_*
 * are pipeline's own names, and taking them for a wait only silences
 * CL3002. */
static int pipeline_recv(const char *recv)
{
	return has(recv, "pipeline") || !recv || !strcmp(recv, "auto") || has(recv, "dependent type");
}

/* PTX spells the block barrier `bar.sync` and, since PTX 6.0, also
 * `barrier.sync` (the same instruction, .aligned implied for bar). */
bool intrinsic_asm_is_barrier(const char *text)
{
	return has(text, "bar.sync") || has(text, "barrier.sync");
}

bool intrinsic_block_scoped_barrier(const char *t)
{
	return has(t, "barrier") && !has(t, "pipeline") && (has(t, "thread_scope_block") || !has(t, "thread_scope_"));
}

/* What call E is, from its name, receiver and target. */
static enum intrinsic compute(const struct ir_expr *e)
{
	const struct ir_call *c = e->u.call;
	enum intrinsic k = IN_NONE;
	const char *n = c->name ? c->name : "";
	struct lib_call lib;
	if (c->is_method) {
		if (library_call(e, &lib)) {
			static const enum intrinsic by_sync[] = {
				[LIB_LOCAL] = IN_LIB_LOCAL, [LIB_WARP] = IN_LIB_WARP,
				[LIB_BLOCK] = IN_LIB_BLOCK, [LIB_MAYBE_BLOCK] = IN_LIB_MAYBE_BLOCK,
			};
			k = by_sync[lib.sync];
		} else if (is_cg(c)) {
			k = cg_method(n, c->recv_type);
		} else if (is_cuda_atomic(c->recv_type)) {
			if (!strcmp(n, "load") || starts(n, "operator "))
				k = IN_ATOMIC_LOAD;
			else if (!strcmp(n, "store"))
				k = IN_ATOMIC_STORE;
			else if (starts(n, "fetch_") || !strcmp(n, "exchange") || starts(n, "compare_exchange") ||
			         starts(n, "operator"))
				k = IN_ATOMIC_RMW;
		} else if (pipeline_recv(c->recv_type) && starts(n, "consumer_wait")) {
			k = IN_ASYNC_WAIT; /* cuda::pipeline: the stage's copies are complete */
		} else if (pipeline_recv(c->recv_type) && starts(n, "producer_")) {
			k = IN_ASYNC_COMMIT;
		} else if (!strcmp(n, "wait") && has(c->recv_type, "barrier")) {
			k = IN_ASYNC_WAIT; /* bar.wait(std::move(token)): what the phase's copies wrote */
		} else if (!strcmp(n, "arrive_and_wait") && intrinsic_block_scoped_barrier(c->recv_type)) {
			k = IN_BLOCK_BARRIER_WAIT;
		}
	} else if (is_cg(c) && (!strcmp(n, "sync") || !strcmp(n, "reduce") || !strcmp(n, "inclusive_scan") ||
	                        !strcmp(n, "exclusive_scan"))) {
		/* cg::sync(g), cg::reduce(tile, ...): the group is the first argument */
		const char *t = e->nkids ? e->kids[0]->type : NULL;
		if (!strcmp(n, "sync"))
			k = has(t, "grid_group") ? IN_GRID_SYNC
			    : (has(t, "thread_block") && !has(t, "thread_block_tile")) ? IN_SYNCTHREADS
			                                                                 : IN_TILE_COLLECTIVE;
		else
			k = IN_TILE_COLLECTIVE;
	} else if (((!strcmp(n, "memcpy_async") || !strcmp(n, "memcpy_async_tx")) &&
	            (is_cg(c) || has(c->qual, "cuda::"))) ||
	           !strcmp(n, "__pipeline_memcpy_async")) {
		/* declared (and defined) by the toolkit's headers: by name */
		k = IN_ASYNC_COPY;
	} else if ((is_cg(c) && (!strcmp(n, "wait") || !strcmp(n, "wait_prior"))) ||
	           (has(c->qual, "cuda::") && starts(n, "pipeline_consumer_wait")) ||
	           !strcmp(n, "__pipeline_wait_prior")) {
		k = IN_ASYNC_WAIT;
	} else if (!strcmp(n, "__pipeline_commit") || (has(c->qual, "cuda::") && starts(n, "pipeline_producer_"))) {
		k = IN_ASYNC_COMMIT;
	} else if (is_cg(c) && (!strcmp(n, "this_thread_block") || !strcmp(n, "this_grid") ||
	                        !strcmp(n, "tiled_partition") || !strcmp(n, "this_cluster"))) {
		k = IN_GROUP_QUERY;
	} else if (starts(n, "atomic") && (n[6] >= 'A' && n[6] <= 'Z') && !c->target) {
		/* atomicAdd, atomicAdd_block, atomicMax_system, ... */
		k = IN_ATOMIC_RMW;
	} else if (starts(n, "__atomic_") || starts(n, "__nv_atomic_") || starts(n, "__hip_atomic")) {
		k = has(n, "load") ? IN_ATOMIC_LOAD : has(n, "store") ? IN_ATOMIC_STORE : IN_ATOMIC_RMW;
	} else if (!c->target) {
		for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
			if (!strcmp(n, plain[i].name)) {
				k = plain[i].k;
				break;
			}
	}
	return k;
}

enum intrinsic intrinsic_of(const struct ir_expr *e)
{
	/* pass 1 classifies every call of the unit; a call made later (a
	 * unit test's) is computed each time */
	if (e->kind != EK_CALL)
		return IN_NONE;
	return e->u.call->classified ? e->u.call->intrinsic : compute(e);
}

static int classify(struct ir_expr *e, void *arg)
{
	(void)arg;
	if (e->kind == EK_CALL && !e->u.call->classified) {
		e->u.call->intrinsic = compute(e);
		e->u.call->classified = 1;
	}
	return 0;
}

/* ---- cp.async in inline asm ------------------------------------------ */

/* The integer after "%" at T (an operand number), or -1. */
static int operand_number(const char *t, int *len)
{
	int n, l = 0;
	return sscanf(t, "%%%d%n", &n, &l) == 1 && l > 0 ? (*len = l, n) : -1;
}

/* The operands of a cp.async instruction at T (after its name):
 * `[%D], [%S], SIZE[, ...]`, SIZE an immediate or an operand. */
static void cp_async_operands(const char *t, struct intrinsic_asm_async *a)
{
	const char *sp = strpbrk(t, " \t");
	int len = 0;
	while (sp && (*sp == ' ' || *sp == '\t'))
		sp++;
	if (!sp || sscanf(sp, "[%%%d]%n", &a->dst, &len) != 1 || len <= 0) {
		a->dst = -1;
		return;
	}
	sp += len;
	while (*sp == ',' || *sp == ' ' || *sp == '\t')
		sp++;
	if (sscanf(sp, "[%%%d]%n", &a->src, &len) != 1 || len <= 0)
		return;
	sp += len;
	while (*sp == ',' || *sp == ' ' || *sp == '\t')
		sp++;
	if (*sp == '%')
		a->size_operand = operand_number(sp, &len);
	else if (*sp >= '0' && *sp <= '9')
		a->size = (int)strtol(sp, NULL, 10);
}

/* What a PTX template does to asynchronous copies, read instruction by
 * instruction (`;`-separated, braces and predicates skipped): the first
 * cp.async.{ca,cg}.shared*.global copy, whether it commits a group, and
 * its first wait (cp.async.wait_group N, cp.async.wait_all). */
void intrinsic_asm_async(const char *t, struct intrinsic_asm_async *a)
{
	*a = (struct intrinsic_asm_async){ .dst = -1, .src = -1, .size_operand = -1, .wait_n = -1 };
	while (t && *t) {
		while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '{' || *t == '}' || *t == ';')
			t++;
		if (*t == '@') /* @p: a predicate */
			while (*t && *t != ' ' && *t != '\t')
				t++;
		while (*t == ' ' || *t == '\t')
			t++;
		if (!a->wait && (starts(t, "cp.async.wait_group") || starts(t, "cp.async.wait_all"))) {
			a->wait = 1;
			a->wait_all = starts(t, "cp.async.wait_all");
			char *end;
			long n = strtol(t + 19, &end, 10);
			if (!a->wait_all && end != t + 19 && n >= 0)
				a->wait_n = (int)n; /* not an operand's %N */
		}
		if (starts(t, "cp.async.commit_group"))
			a->commit = 1;
		if ((starts(t, "cp.async.ca.shared") || starts(t, "cp.async.cg.shared")) && !a->copy) {
			a->copy = 1;
			cp_async_operands(t, a);
		}
		t = strpbrk(t, ";\n");
	}
}

/* What the template is, for the analyses that see one call: a wait, else
 * a copy (into operand *DST), else a commit. */
static enum intrinsic asm_async(const char *t, int *dst)
{
	struct intrinsic_asm_async a;
	intrinsic_asm_async(t, &a);
	*dst = a.dst;
	return a.wait ? IN_ASYNC_WAIT : a.copy ? IN_ASYNC_COPY : a.commit ? IN_ASYNC_COMMIT : IN_NONE;
}

bool intrinsic_async_collective(const struct ir_expr *call)
{
	const char *t = call->nkids ? call->kids[0]->type : NULL;
	return t && (strstr(t, "thread_block") || strstr(t, "group") || strstr(t, "tile") || strstr(t, "coalesced"));
}

int intrinsic_async_args(const struct ir_expr *call, int *src, int *size)
{
	*src = *size = -1;
	if (!call->nkids || !strncmp(call->u.call->name, "cp.async", 8))
		return call->nkids ? 0 : -1;
	int d = intrinsic_async_collective(call) ? 1 : 0;
	if (call->nkids <= d)
		return -1;
	/* cg::memcpy_async(group, dst, dst_size, src, src_size): five arguments */
	bool sized = d && call->nkids == 5 && !strcmp(call->u.call->name, "memcpy_async") && has(call->u.call->qual, "cooperative_groups");
	*src = d + (sized ? 2 : 1) < call->nkids ? d + (sized ? 2 : 1) : -1;
	*size = d + (sized ? 1 : 2) < call->nkids ? d + (sized ? 1 : 2) : -1;
	return d;
}

static const char *const asm_call_name[] = {
	[IN_ASYNC_COPY] = "cp.async", [IN_ASYNC_COMMIT] = "cp.async.commit_group",
	[IN_ASYNC_WAIT] = "cp.async.wait_group",
};

static int classify_asm(struct ir_stmt *s, void *arg)
{
	struct arena *a = arg;
	int dst;
	enum intrinsic k = s->kind == SK_ASM ? asm_async(s->u.asm_.text, &dst) : IN_NONE;
	if (k == IN_NONE)
		return 0;
	struct ir_expr *e = arena_alloc(a, sizeof *e);
	e->kind = EK_CALL;
	e->u.call = arena_alloc(a, sizeof *e->u.call);
	e->loc = s->loc;
	e->u.call->name = asm_call_name[k];
	e->u.call->intrinsic = k;
	e->u.call->classified = 1;
	/* operands are numbered outputs first */
	int at = dst - s->u.asm_.nouts;
	e->nkids = k == IN_ASYNC_COPY && at >= 0 && at < s->u.asm_.nins ? s->u.asm_.nins - at : 0;
	e->kids = e->nkids ? s->u.asm_.ins + at : arena_alloc(a, sizeof *e->kids);
	s->u.asm_.as_call = e;
	return 0;
}

void intrinsics_classify_unit(struct ir_unit *u)
{
	for (int i = 0; i < u->nfuncs; i++) {
		ir_walk_stmt_exprs_mut(u->funcs[i]->body, classify, NULL);
		ir_walk_stmts_mut(u->funcs[i]->body, classify_asm, u->arena);
	}
}

static enum mem_scope scope_in(const char *s)
{
	if (has(s, "thread_scope_system"))
		return SCOPE_SYSTEM;
	if (has(s, "thread_scope_device"))
		return SCOPE_DEVICE;
	if (has(s, "thread_scope_block"))
		return SCOPE_BLOCK;
	return SCOPE_NONE;
}

/* The enumerator or variable an argument names: memory_order_acquire,
 * thread_scope_device. */
static const char *arg_name(const struct ir_expr *a)
{
	a = ir_strip(a);
	if (!a)
		return NULL;
	if (a->kind == EK_VAR)
		return a->u.var->name;
	if (a->kind == EK_CONST || a->kind == EK_OTHER || a->kind == EK_MEMBER)
		return a->u.name;
	return NULL;
}

enum mem_scope intrinsic_scope(const struct ir_expr *e)
{
	const struct ir_call *c = e->u.call;
	const char *n = c->name;
	if (!strcmp(n, "__threadfence_block"))
		return SCOPE_BLOCK;
	if (!strcmp(n, "__threadfence"))
		return SCOPE_DEVICE;
	if (!strcmp(n, "__threadfence_system"))
		return SCOPE_SYSTEM;
	if (!strcmp(n, "atomic_thread_fence")) {
		for (int i = 0; i < e->nkids; i++) {
			enum mem_scope s = scope_in(arg_name(e->kids[i]));
			if (s)
				return s;
		}
		/* cuda::atomic_thread_fence defaults to system scope */
		return has(c->qual, "cuda::") ? SCOPE_SYSTEM : SCOPE_NONE;
	}
	if (c->is_method && is_cuda_atomic(c->recv_type)) {
		enum mem_scope s = scope_in(c->recv_type);
		return s ? s : SCOPE_SYSTEM; /* cuda::atomic<T> defaults to system scope */
	}
	if (starts(n, "atomic") && n[6] >= 'A' && n[6] <= 'Z')
		return has(n, "_block") ? SCOPE_BLOCK : has(n, "_system") ? SCOPE_SYSTEM : SCOPE_DEVICE;
	return SCOPE_NONE;
}

enum mem_order intrinsic_order(const struct ir_expr *e)
{
	for (int i = 0; i < e->nkids; i++) {
		const char *n = arg_name(e->kids[i]);
		if (!n)
			continue;
		if (has(n, "acq_rel"))
			return ORDER_ACQ_REL;
		if (has(n, "acquire") || has(n, "consume"))
			return ORDER_ACQUIRE;
		if (has(n, "release"))
			return ORDER_RELEASE;
		if (has(n, "relaxed"))
			return ORDER_RELAXED;
		if (has(n, "seq_cst"))
			return ORDER_SEQ_CST;
	}
	enum intrinsic k = e->u.call->intrinsic;
	/* libcu++ atomics default to seq_cst; CUDA's atomicXxx are relaxed */
	if ((k == IN_ATOMIC_LOAD || k == IN_ATOMIC_STORE || k == IN_ATOMIC_RMW) && e->u.call->is_method)
		return ORDER_SEQ_CST;
	return k == IN_ATOMIC_RMW ? ORDER_RELAXED : ORDER_UNKNOWN;
}

const char *intrinsic_display(const struct ir_expr *e, char *buf, unsigned len)
{
	const struct ir_call *c = e->u.call;
	struct lib_call lib;
	if (intrinsic_is_library(c->intrinsic) && library_call(e, &lib)) {
		snprintf(buf, len, "%s::%s", lib.cls, lib.method);
	} else if (c->is_method && e->nkids) {
		const struct ir_expr *o = ir_strip(e->kids[0]);
		if (o->kind == EK_VAR)
			snprintf(buf, len, "%s.%s()", o->u.var->name, c->name);
		else if (o->kind == EK_CALL)
			snprintf(buf, len, "%s().%s()", o->u.call->name, c->name);
		else
			snprintf(buf, len, "%s()", c->name);
	} else {
		snprintf(buf, len, "%s()", c->name);
	}
	return buf;
}
