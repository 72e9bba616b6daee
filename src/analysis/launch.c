/* launch.c - the launches of each kernel (launch.h).
 *
 * A launch's grid and block are dim3 values; in the IR they are calls of
 * dim3's constructor (`dim3 b(16, 16)`, `dim3(n)`, the conversion of an
 * integer `<<<g, 256>>>`, a copy of a dim3 variable) over constants and
 * locals of the launching function assigned once. Anything else (a
 * parameter of the host function, a value from a loop, a member written
 * after the declaration) is not known, and a kernel with a launch whose
 * block is not known is simulated in the guessed shapes as before. */
#include "analysis/launch.h"
#include "analysis/constlocals.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct launch_facts {
	struct kernel_launch **by_func; /* per function id; NULL when nothing is known */
	/* per function id: a host function's constant arguments, which its
	 * locals' folding reads (host_params) */
	struct kernel_launch **host_args;
	int nfuncs;
};

#define MAX_DIM 1 << 20

static bool is_dim3_type(const char *t)
{
	return t && strstr(t, "dim3");
}

static bool dim_value(const struct locals *L, const struct ir_expr *e, int *out)
{
	int64_t v;
	if (!locals_const_value(L, e, &v) || v < 1 || v > MAX_DIM)
		return false;
	*out = (int)v;
	return true;
}

static bool dim3_value(const struct locals *L, const struct ir_expr *e, int out[3], int depth)
{
	e = ir_strip(e);
	if (!e || depth > 8)
		return false;
	if (e->kind == EK_CALL && e->u.call->qual && !strcmp(e->u.call->qual, "dim3::dim3")) {
		const struct ir_expr *a = e->nkids == 1 ? ir_strip(e->kids[0]) : NULL;
		if (a && is_dim3_type(a->kind == EK_VAR ? a->u.var->type : a->type))
			return dim3_value(L, a, out, depth + 1); /* a copy */
		if (e->nkids > 3)
			return false;
		/* a dimension not known is 0: dim3 grid((n + 15) / 16, 1); one
		 * left to its default is 1 */
		for (int d = 0; d < 3; d++) {
			out[d] = 1;
			if (d < e->nkids && !ir_is_default_arg(e->kids[d]) && !dim_value(L, e->kids[d], &out[d]))
				out[d] = 0;
		}
		return true;
	}
	if (e->kind == EK_VAR && e->u.var->kind == VAR_LOCAL && is_dim3_type(e->u.var->type)) {
		int id = e->u.var->id;
		if (id < 0 || id >= L->fn->nvars || L->assigned[id] != 1 || !L->init[id] || e->u.var->is_reference)
			return false;
		return dim3_value(L, L->init[id], out, depth + 1);
	}
	out[1] = out[2] = 1;
	return dim_value(L, e, &out[0]);
}

/* ---- the sites ---------------------------------------------------------------- */

struct collect {
	const struct ir_unit *u;
	const struct ir_func *host;
	struct locals *L;
	struct launch_facts *f;
};

static struct kernel_launch *kernel_of(struct collect *c, const struct ir_func *k)
{
	struct kernel_launch **slot = &c->f->by_func[k->id];
	if (!*slot) {
		*slot = xcalloc(1, sizeof **slot);
		(*slot)->kernel = k;
	}
	return *slot;
}

static struct launch_site *new_site(struct kernel_launch *k)
{
	k->sites = xrealloc(k->sites, ((size_t)k->nsites + 1) * sizeof *k->sites);
	struct launch_site *s = &k->sites[k->nsites++];
	memset(s, 0, sizeof *s);
	s->shmem = -1;
	return s;
}

static void set_dims(const struct locals *L, const struct ir_expr *grid, const struct ir_expr *block,
                     const struct ir_expr *shmem, struct launch_site *s)
{
	int v[3];
	if (grid && dim3_value(L, grid, v, 0))
		memcpy(s->grid, v, sizeof v);
	if (block && dim3_value(L, block, v, 0))
		memcpy(s->block, v, sizeof v);
	int64_t n;
	if (shmem && ir_is_default_arg(ir_strip(shmem)))
		s->shmem = 0;
	else if (shmem && locals_const_value(L, shmem, &n) && n >= 0)
		s->shmem = n;
}

/* cudaLaunchKernelEx(&cfg, ...): the configuration's members as the
 * launching function sets them, each once (`cfg.blockDim = dim3(64)`, or
 * an aggregate initialiser {grid, block, shmem, ...}). */
struct cfg_walk {
	const struct ir_var *cfg;
	const struct ir_expr *grid, *block, *shmem;
	int ngrid, nblock, nshmem;
};

static void cfg_member(struct cfg_walk *w, const struct ir_expr *lhs, const struct ir_expr *value)
{
	lhs = ir_strip(lhs);
	if (!lhs || lhs->kind != EK_MEMBER || ir_base_var(lhs) != w->cfg || !lhs->u.name)
		return;
	if (!strcmp(lhs->u.name, "blockDim")) {
		w->block = value;
		w->nblock++;
	} else if (!strcmp(lhs->u.name, "gridDim")) {
		w->grid = value;
		w->ngrid++;
	} else if (!strcmp(lhs->u.name, "dynamicSmemBytes")) {
		w->shmem = value;
		w->nshmem++;
	}
}

static int cfg_expr(const struct ir_expr *e, void *arg)
{
	struct cfg_walk *w = arg;
	if (e->kind == EK_ASSIGN && e->op == OP_NONE)
		cfg_member(w, e->kids[0], e->kids[1]);
	else if (e->kind == EK_CALL && e->u.call->name && !strcmp(e->u.call->name, "operator=") && e->nkids >= 2)
		for (int i = 0; i + 1 < e->nkids; i++)
			cfg_member(w, e->kids[i], e->kids[e->nkids - 1]);
	return 0;
}

static int cfg_decl(const struct ir_stmt *s, void *arg)
{
	struct cfg_walk *w = arg;
	const struct ir_expr *init = s->kind == SK_DECL && s->u.decl.var == w->cfg ? ir_strip(s->u.decl.init) : NULL;
	if (init && init->kind == EK_OTHER && init->nkids >= 2) {
		w->grid = init->kids[0];
		w->block = init->kids[1];
		w->ngrid++;
		w->nblock++;
		if (init->nkids >= 3) {
			w->shmem = init->kids[2];
			w->nshmem++;
		}
	}
	return 0;
}

static void ex_config(struct collect *c, const struct ir_expr *ref, struct launch_site *s)
{
	ref = ir_strip(ref);
	if (ref && ref->kind == EK_UNARY && ref->op == OP_ADDR)
		ref = ir_strip(ref->kids[0]);
	if (!ref || ref->kind != EK_VAR || ref->u.var->kind != VAR_LOCAL)
		return;
	struct cfg_walk w = { .cfg = ref->u.var };
	ir_walk_stmts(c->host->body, cfg_decl, &w);
	ir_walk_stmt_exprs(c->host->body, cfg_expr, &w);
	set_dims(c->L, w.ngrid == 1 ? w.grid : NULL, w.nblock == 1 ? w.block : NULL, w.nshmem == 1 ? w.shmem : NULL, s);
	if (!w.nshmem)
		s->shmem = -1;
}

static int find_launch(const struct ir_expr *e, void *arg)
{
	struct collect *c = arg;
	if (e->kind != EK_CALL)
		return 0;
	const struct ir_call *call = e->u.call;
	const struct ir_func *k = call->is_launch ? call->target : call->is_api_launch ? call->kernel : NULL;
	if (!k || !k->is_global)
		return 0;
	struct launch_site *s = new_site(kernel_of(c, k));
	s->host = c->host;
	s->loc = e->loc;
	if (call->is_launch) {
		s->via = "<<<>>>";
		const struct ir_expr *cfg = call->config;
		if (cfg && cfg->nkids >= 2)
			set_dims(c->L, cfg->kids[0], cfg->kids[1], cfg->nkids >= 3 ? cfg->kids[2] : NULL, s);
		s->args = e->kids;
		s->nargs = e->nkids;
	} else if (!strncmp(call->name, "cudaLaunchKernelEx", 18)) {
		s->via = "cudaLaunchKernelEx";
		if (e->nkids >= 2)
			ex_config(c, e->kids[0], s);
		if (!strcmp(call->name, "cudaLaunchKernelEx") && e->nkids >= 2) {
			s->args = e->kids + 2;
			s->nargs = e->nkids - 2;
		}
	} else {
		s->via = call->name;
		if (e->nkids >= 5)
			set_dims(c->L, e->kids[1], e->kids[2], e->kids[4], s);
	}
	return 0;
}

/* ---- what the sites agree on ---------------------------------------------------- */

static void agree(struct kernel_launch *k, const struct locals *const *host_locals)
{
	const struct ir_func *f = k->kernel;
	for (int d = 0; d < 3; d++) {
		k->block[d] = k->sites[0].block[d];
		k->grid[d] = k->sites[0].grid[d];
		for (int i = 1; i < k->nsites; i++) {
			if (k->sites[i].block[d] != k->block[d])
				k->block[d] = 0;
			if (k->sites[i].grid[d] != k->grid[d])
				k->grid[d] = 0;
		}
	}
	/* the shapes to simulate: all of them, or none */
	for (int i = 0; i < k->nsites; i++) {
		const struct launch_site *s = &k->sites[i];
		if (!s->block[0] || !s->block[1] || !s->block[2] || s->block[0] * s->block[1] * s->block[2] > 1024) {
			k->nshapes = 0;
			k->guessed = s->block[0] && s->block[1] && s->block[2] ? "a block of more than 1024 threads"
			                                                       : "a launch's block is not known";
			break;
		}
		int j = 0;
		while (j < k->nshapes && memcmp(k->shapes[j], s->block, sizeof s->block))
			j++;
		if (j < k->nshapes)
			continue;
		if (k->nshapes == LAUNCH_MAX_SHAPES) {
			k->nshapes = 0;
			k->guessed = "more than 4 block shapes";
			break;
		}
		memcpy(k->shapes[k->nshapes], s->block, sizeof s->block);
		k->shape_site[k->nshapes++] = s;
	}
	/* arguments every site passes as the same constant */
	k->param = xcalloc((size_t)f->nparams + 1, sizeof *k->param);
	k->param_known = xcalloc((size_t)f->nparams + 1, 1);
	for (int p = 0; p < f->nparams; p++) {
		if (f->params[p]->is_reference || f->params[p]->is_pointer || f->params[p]->is_array)
			continue;
		bool known = true;
		int64_t value = 0;
		for (int i = 0; i < k->nsites && known; i++) {
			const struct launch_site *s = &k->sites[i];
			int64_t v;
			known = s->args && p < s->nargs && s->host &&
			        locals_const_value(host_locals[s->host->id], s->args[p], &v) && (i == 0 || v == value);
			value = v;
		}
		k->param_known[p] = known;
		k->param[p] = value;
	}
}

/* A launch the configuration declares, for a kernel of this unit. */
static void declared(struct launch_facts *f, const struct ir_unit *u, const struct launch_decl *d)
{
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *k = u->funcs[i];
		if (!k->is_global || !k->body || strcmp(k->name, d->kernel))
			continue;
		struct collect c = { .u = u, .f = f };
		struct launch_site *s = new_site(kernel_of(&c, k));
		s->via = "configuration";
		s->loc.file = d->file;
		s->loc.line = d->line;
		s->loc.col = 1;
		for (int j = 0; j < 3; j++) {
			s->block[j] = d->block[j];
			s->grid[j] = d->grid[j];
		}
	}
}

/* ---- host functions' constant arguments --------------------------------------------- */

/* A host function's parameters that every call of it in the unit passes
 * as the same constant (`launch_scale(d, n, 256)` calling a function that
 * launches `<<<g, block_size>>>`). A caller's own such parameters count
 * too, over a few rounds: main -> run -> launch. HP[id] holds them in a
 * kernel_launch with no sites, which is what the locals' folding reads. */
struct arg_walk {
	struct locals *const *L;
	const struct ir_func *caller;
	uint8_t **state;   /* per function, per parameter: 0 no call yet, 1 one constant, 2 it varies */
	int64_t **value;
};

static int host_call(const struct ir_expr *e, void *arg)
{
	struct arg_walk *w = arg;
	const struct ir_func *t = e->kind == EK_CALL ? e->u.call->target : NULL;
	if (!t || !t->body || t->is_global || t->is_device || e->u.call->is_launch || e->u.call->is_method)
		return 0;
	for (int p = 0; p < t->nparams; p++) {
		int64_t v;
		uint8_t *st = &w->state[t->id][p];
		if (p >= e->nkids || !locals_const_value(w->L[w->caller->id], e->kids[p], &v))
			*st = 2;
		else if (*st == 0 || (*st == 1 && w->value[t->id][p] == v)) {
			*st = 1;
			w->value[t->id][p] = v;
		} else
			*st = 2;
	}
	return 0;
}

static void host_params(const struct ir_unit *u, struct locals **L, struct kernel_launch **hp)
{
	struct arg_walk w = { .L = L };
	w.state = xcalloc((size_t)u->nfuncs + 1, sizeof *w.state);
	w.value = xcalloc((size_t)u->nfuncs + 1, sizeof *w.value);
	for (int i = 0; i < u->nfuncs; i++) {
		w.state[i] = xcalloc((size_t)u->funcs[i]->nparams + 1, 1);
		w.value[i] = xcalloc((size_t)u->funcs[i]->nparams + 1, sizeof **w.value);
	}
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < u->nfuncs; i++)
			memset(w.state[i], 0, (size_t)u->funcs[i]->nparams + 1);
		for (int i = 0; i < u->nfuncs; i++) {
			if (!L[i])
				continue;
			w.caller = u->funcs[i];
			ir_walk_stmt_exprs(u->funcs[i]->body, host_call, &w);
		}
		for (int i = 0; i < u->nfuncs; i++) {
			const struct ir_func *h = u->funcs[i];
			if (!L[i] || h->is_global || h->is_device)
				continue;
			if (!hp[i]) {
				hp[i] = xcalloc(1, sizeof *hp[i]);
				hp[i]->kernel = h;
				hp[i]->param = xcalloc((size_t)h->nparams + 1, sizeof *hp[i]->param);
				hp[i]->param_known = xcalloc((size_t)h->nparams + 1, 1);
			}
			for (int p = 0; p < h->nparams; p++) {
				hp[i]->param_known[p] = w.state[i][p] == 1;
				hp[i]->param[p] = w.value[i][p];
			}
			L[i]->launch = hp[i];
		}
	}
	for (int i = 0; i < u->nfuncs; i++) {
		free(w.state[i]);
		free(w.value[i]);
	}
	free(w.state);
	free(w.value);
}

/* ---- device functions ---------------------------------------------------------------- */

/* A device function runs in the blocks of the kernels that call it: what
 * they all agree on (blockDim, gridDim) holds in it too, when every
 * device-side call of it comes from a kernel or device function with
 * such facts. Calls from host code do not count (blockDim means nothing
 * there). Iterated to a fixed point: facts only shrink. */
struct callers_walk {
	struct launch_facts *f;
	const struct ir_func *caller;
	uint8_t *seen, *lost;      /* per function: called from device code; by a caller without facts */
	int (*merged)[6];          /* per function: block then grid, as merged so far */
};

static void merge_dims(int *into, const int *from, bool first)
{
	for (int d = 0; d < 3; d++)
		into[d] = first ? from[d] : into[d] == from[d] ? into[d] : 0;
}

static int device_call(const struct ir_expr *e, void *arg)
{
	struct callers_walk *w = arg;
	for (int i = 0; e->kind == EK_CALL && !e->u.call->is_launch && i < ir_call_ncallees(e->u.call); i++) {
		const struct ir_func *t = ir_call_callee(e->u.call, i);
		if (!t->body || t->is_global || !t->is_device || t == w->caller)
			continue;
		const struct kernel_launch *k = w->f->by_func[w->caller->id];
		if (!k) {
			w->lost[t->id] = 1;
			continue;
		}
		merge_dims(w->merged[t->id], k->block, !w->seen[t->id]);
		merge_dims(w->merged[t->id] + 3, k->grid, !w->seen[t->id]);
		w->seen[t->id] = 1;
	}
	return 0;
}

static void device_facts(const struct ir_unit *u, struct launch_facts *f)
{
	struct callers_walk w = { .f = f };
	w.seen = xcalloc((size_t)u->nfuncs + 1, 1);
	w.lost = xcalloc((size_t)u->nfuncs + 1, 1);
	w.merged = xcalloc((size_t)u->nfuncs + 1, sizeof *w.merged);
	for (int round = 0; round < 8; round++) {
		memset(w.seen, 0, (size_t)u->nfuncs + 1);
		memset(w.lost, 0, (size_t)u->nfuncs + 1);
		for (int i = 0; i < u->nfuncs; i++) {
			w.caller = u->funcs[i];
			if (w.caller->body && (w.caller->is_global || w.caller->is_device))
				ir_walk_stmt_exprs(w.caller->body, device_call, &w);
		}
		bool changed = false;
		for (int i = 0; i < u->nfuncs; i++) {
			const struct ir_func *d = u->funcs[i];
			if (d->is_global || !d->is_device || !d->body)
				continue;
			struct kernel_launch **k = &f->by_func[i];
			int *m = w.merged[i];
			bool any = w.seen[i] && !w.lost[i] && (m[0] || m[1] || m[2] || m[3] || m[4] || m[5]);
			if (!any) {
				if (*k) {
					free((*k)->param);
					free((*k)->param_known);
					free(*k);
					*k = NULL;
					changed = true;
				}
				continue;
			}
			if (!*k) {
				*k = xcalloc(1, sizeof **k);
				(*k)->kernel = d;
				(*k)->param = xcalloc((size_t)d->nparams + 1, sizeof *(*k)->param);
				(*k)->param_known = xcalloc((size_t)d->nparams + 1, 1);
				changed = true;
			}
			changed |= memcmp((*k)->block, m, 3 * sizeof *m) || memcmp((*k)->grid, m + 3, 3 * sizeof *m);
			memcpy((*k)->block, m, 3 * sizeof *m);
			memcpy((*k)->grid, m + 3, 3 * sizeof *m);
		}
		if (!changed)
			break;
	}
	free(w.seen);
	free(w.lost);
	free(w.merged);
}

struct launch_facts *launch_collect(const struct ir_unit *u, const struct launch_decl *decls, int ndecls)
{
	struct launch_facts *f = xcalloc(1, sizeof *f);
	f->nfuncs = u->nfuncs;
	f->by_func = xcalloc((size_t)u->nfuncs + 1, sizeof *f->by_func);
	/* the locals of every function (analyze.c built them) */
	struct locals **L = xcalloc((size_t)u->nfuncs + 1, sizeof *L);
	for (int i = 0; i < u->nfuncs; i++)
		L[i] = u->funcs[i]->body ? u->funcs[i]->locals : NULL;
	/* a configuration's launches stand for every launch of the kernel:
	 * the code's own are not added to them */
	for (int i = 0; i < ndecls; i++)
		declared(f, u, &decls[i]);
	uint8_t *decl = xcalloc((size_t)u->nfuncs + 1, 1);
	for (int i = 0; i < u->nfuncs; i++)
		decl[i] = f->by_func[i] != NULL;
	f->host_args = xcalloc((size_t)u->nfuncs + 1, sizeof *f->host_args);
	host_params(u, L, f->host_args);
	for (int i = 0; i < u->nfuncs; i++) {
		struct collect c = { u, u->funcs[i], L[i], f };
		if (L[i])
			ir_walk_stmt_exprs(u->funcs[i]->body, find_launch, &c);
	}
	for (int i = 0; i < u->nfuncs; i++) {
		struct kernel_launch *k = f->by_func[i];
		if (!k)
			continue;
		if (decl[i]) { /* drop the code's own sites */
			int n = 0;
			for (int j = 0; j < k->nsites; j++)
				if (!k->sites[j].host)
					k->sites[n++] = k->sites[j];
			k->nsites = n;
		}
		agree(k, (const struct locals *const *)L);
	}
	device_facts(u, f);
	free(L);
	free(decl);
	return f;
}

void launch_free(struct launch_facts *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nfuncs; i++) {
		struct kernel_launch *k[2] = { f->by_func[i], f->host_args[i] };
		for (int j = 0; j < 2; j++)
			if (k[j]) {
				free(k[j]->sites);
				free(k[j]->param);
				free(k[j]->param_known);
				free(k[j]);
			}
	}
	free(f->by_func);
	free(f->host_args);
	free(f);
}

const struct kernel_launch *launch_of(const struct ir_unit *u, const struct ir_func *f)
{
	if (!u || !u->launch || !f || f->id < 0 || f->id >= u->launch->nfuncs)
		return NULL;
	return u->launch->by_func[f->id];
}

int launch_block_threads(const struct kernel_launch *k)
{
	return k && k->block[0] && k->block[1] && k->block[2] ? k->block[0] * k->block[1] * k->block[2] : 0;
}

void launch_cite(struct ir_loc loc, char *buf, size_t n)
{
	if (!loc.line) {
		if (n)
			*buf = 0;
		return;
	}
	const char *slash = loc.file ? strrchr(loc.file, '/') : NULL;
	snprintf(buf, n, " (with the launch at %s:%u)", slash ? slash + 1 : loc.file ? loc.file : "?", loc.line);
}

static void dump_dims(FILE *out, const char *what, const int *v)
{
	fprintf(out, " %s ", what);
	for (int d = 0; d < 3; d++) {
		if (v[d])
			fprintf(out, "%s%d", d ? "x" : "", v[d]);
		else
			fprintf(out, "%s?", d ? "x" : "");
	}
}

void launch_dump(const struct ir_unit *u, void *file)
{
	FILE *out = file;
	for (int i = 0; i < u->nfuncs; i++) {
		const struct ir_func *k = u->funcs[i];
		if (!k->is_global || !k->body)
			continue;
		const struct kernel_launch *l = launch_of(u, k);
		fprintf(out, "%s:%u: kernel %s:", k->loc.file ? k->loc.file : u->path, k->loc.line, k->name);
		if (!l || !l->nsites)
			fprintf(out, " no launch found");
		else
			fprintf(out, " %d launch%s", l->nsites, l->nsites == 1 ? "" : "es");
		if (k->launch_bounds)
			fprintf(out, ", __launch_bounds__(%d)", k->launch_bounds);
		if (k->cluster_dims[0])
			fprintf(out, ", __cluster_dims__(%d, %d, %d)", k->cluster_dims[0], k->cluster_dims[1], k->cluster_dims[2]);
		fprintf(out, "\n");
		for (int j = 0; l && j < l->nsites; j++) {
			const struct launch_site *s = &l->sites[j];
			fprintf(out, "  %s:%u: %s", s->loc.file ? s->loc.file : u->path, s->loc.line, s->via);
			dump_dims(out, "grid", s->grid);
			dump_dims(out, "block", s->block);
			if (s->shmem >= 0)
				fprintf(out, " shmem %lld", (long long)s->shmem);
			fprintf(out, "\n");
		}
		if (l && l->nsites) {
			fprintf(out, "  agreed:");
			dump_dims(out, "grid", l->grid);
			dump_dims(out, "block", l->block);
			for (int p = 0; p < k->nparams; p++)
				if (l->param_known[p])
					fprintf(out, " %s=%lld", k->params[p]->name, (long long)l->param[p]);
			fprintf(out, "\n  simulated:");
			for (int j = 0; j < l->nshapes; j++)
				fprintf(out, " %dx%dx%d", l->shapes[j][0], l->shapes[j][1], l->shapes[j][2]);
			if (!l->nshapes)
				fprintf(out, " the guessed shapes (%s)", l->guessed ? l->guessed : "no launch");
			fprintf(out, "\n");
		}
	}
}
