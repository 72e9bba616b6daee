/* blocksim_mem.c - memory the file does not declare, as the block simulation
 * sees it (blocksim.h, enum blocksim_memory).
 *
 * A kernel's pointer parameter holds the same address in every thread of
 * the block, so the global memory behind it is an object of its own and
 * `out[blockIdx.x]` is the same bytes for every thread. A device function
 * run on its own (no kernel here calls it) gets its pointer and reference
 * parameters the same way: cub-style code passes the block's shared
 * memory in as `TempStorage &`, and the __shared__ object is declared by
 * a kernel in another file. Whether such memory is shared: the type says
 * so (TempStorage), or memspace finds only __shared__ objects behind the
 * parameter; otherwise it is memory of unknown space, compared only once
 * some access of it is at a thread-dependent offset (`buf[threadIdx.x]`),
 * which is what says the threads share the pointer: a parameter that
 * each caller's thread points at its own slot (`*p = v`) is never
 * compared. The accesses of these objects are logged like __shared__
 * ones; the barrier facts (blocksim_barriers.c) keep seeing them as the other
 * memory they were before. */
#include "analysis/blocksim_internal.h"
#include "analysis/memspace.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int classify(const struct bs_ctx *c, bool kernel, const struct ir_var *p)
{
	if (kernel)
		return p->is_pointer && !p->is_reference && c->root_tid ? BLOCKSIM_MEM_GLOBAL : -1;
	if (p->type && strstr(p->type, "TempStorage"))
		return BLOCKSIM_MEM_STORAGE; /* cub's TempStorage, _TempStorage &: the block's shared memory */
	const int *ids;
	if (memspace_shared_vars(c->ms, p, &ids) > 0)
		return BLOCKSIM_MEM_STORAGE;
	return c->root_tid ? BLOCKSIM_MEM_THROUGH : -1;
}

struct bs_rv bs_param_value(struct bs_ctx *c, bool kernel, const struct ir_var *p, bool *is_ref)
{
	*is_ref = false;
	/* a kernel's integers are one large value each (a size, a count), the
	 * same in every thread; a device function's may be anything, the
	 * thread's index included */
	if (kernel && bs_type(c, p->type)->bits) {
		struct bs_rv v = bs_rv_int((1 << 20) + 64 * (int64_t)p->id);
		v.prm = 1;
		return v;
	}
	if (!p->is_pointer && !p->is_reference)
		return bs_rv_top(kernel);
	int mem = classify(c, kernel, p);
	if (mem < 0)
		return bs_rv_top(kernel);
	int i = 0;
	while (i < c->npobjs && c->pobjs[i].v != p)
		i++;
	if (i == c->npobjs) {
		if (i == BS_MAX_POBJS)
			return bs_rv_top(kernel);
		/* the qualifier of the pointer itself, after its last `*`
		 * (`const float *__restrict`), not of what it points to */
		const char *star = p->type ? strrchr(p->type, '*') : NULL;
		c->pobjs[c->npobjs++] = (struct bs_pobj){ .v = p, .mem = (uint8_t)mem,
		                                          .restricted = mem == BLOCKSIM_MEM_GLOBAL && p->is_pointer &&
		                                                        !p->is_reference && star && strstr(star, "restrict") };
	}
	struct bs_rv v = { .k = BS_RV_PTR, .obj = p };
	*is_ref = p->is_reference;
	return v;
}

/* A pointer loaded from memory the file does not declare (`p->out` of a
 * kernel's `Params *p`, cub's `details.warpscan`) is the same in every
 * thread, each loading it from the same bytes: what it points to is one
 * object, global memory when it was loaded from global memory, shared
 * when its type says TempStorage, else of unknown space. */
struct bs_rv bs_loaded_pointer(struct bs_ctx *c, struct bs_rv loc, const struct ir_expr *e)
{
	int pm = bs_obj_memory(c, loc.obj);
	if (pm == BLOCKSIM_MEM_SHARED || loc.uoff || !e->is_pointer || (e->type && strchr(e->type, '[')))
		return bs_rv_top(false);
	int i = 0;
	while (i < c->npobjs && !(c->pobjs[i].parent == loc.obj && c->pobjs[i].field == loc.field &&
	                          c->pobjs[i].off == loc.i))
		i++;
	if (i == c->npobjs) {
		if (i == BS_MAX_POBJS)
			return bs_rv_top(false);
		int mem = e->type && strstr(e->type, "TempStorage") ? BLOCKSIM_MEM_STORAGE
		          : pm == BLOCKSIM_MEM_GLOBAL ? BLOCKSIM_MEM_GLOBAL : BLOCKSIM_MEM_THROUGH;
		if (mem == BLOCKSIM_MEM_THROUGH && !c->root_tid)
			return bs_rv_top(false);
		/* in the unit's arena: a race names it (race.via) after the
		 * simulation's own arenas are gone */
		struct ir_var *v = arena_alloc(c->u->arena, sizeof *v);
		memset(v, 0, sizeof *v);
		char name[160];
		bool arrow = loc.obj->is_pointer && !loc.obj->is_reference && loc.obj->id >= 0;
		snprintf(name, sizeof name, "%s%s%s", loc.obj->name ? loc.obj->name : "?",
		         loc.field ? (arrow ? "->" : ".") : "", loc.field ? loc.field : "");
		v->name = arena_strdup(c->u->arena, name);
		v->type = e->type;
		v->kind = VAR_PARAM;
		v->is_pointer = 1;
		v->id = -1;
		c->pobjs[c->npobjs++] = (struct bs_pobj){ .v = v, .mem = (uint8_t)mem, .parent = loc.obj,
		                                            .field = loc.field, .off = loc.i };
	}
	struct bs_rv v = { .k = BS_RV_PTR, .obj = c->pobjs[i].v };
	return v;
}

int bs_obj_memory(const struct bs_ctx *c, const struct ir_var *obj)
{
	if (obj->kind != VAR_PARAM)
		return BLOCKSIM_MEM_SHARED;
	for (int i = 0; i < c->npobjs; i++)
		if (c->pobjs[i].v == obj)
			return c->pobjs[i].mem;
	return BLOCKSIM_MEM_SHARED;
}

bool bs_obj_compared(const struct bs_ctx *c, const struct ir_var *obj)
{
	if (obj->kind != VAR_PARAM)
		return true;
	for (int i = 0; i < c->npobjs; i++)
		if (c->pobjs[i].v == obj)
			return c->pobjs[i].mem != BLOCKSIM_MEM_THROUGH || c->pobjs[i].indexed;
	return true;
}

/* The log is in thread order (threads run one after another): each
 * thread's first access at a site is compared with the first thread's.
 * A loop's later iterations, at offsets every thread steps through the
 * same way, do not count. */
void bs_mark_indexed(struct bs_ctx *c)
{
	int todo = 0;
	for (int i = 0; i < c->npobjs; i++)
		todo += c->pobjs[i].mem == BLOCKSIM_MEM_THROUGH && !c->pobjs[i].indexed;
	if (!todo)
		return;
	int (*seen)[2] = xmalloc(((size_t)c->nsites + 1) * sizeof *seen); /* first entry; last thread */
	for (int i = 0; i < c->nsites; i++)
		seen[i][0] = -1;
	for (int a = 0; a < c->log->nof[BS_EV_ACCESS]; a++) {
		int i = c->log->of[BS_EV_ACCESS][a];
		const struct bs_entry *e = bs_acc(c->log, i);
		if (e->obj->kind != VAR_PARAM || bs_obj_memory(c, e->obj) != BLOCKSIM_MEM_THROUGH)
			continue;
		if (seen[e->site][0] < 0) {
			seen[e->site][0] = i;
			seen[e->site][1] = e->thread;
			continue;
		}
		if (seen[e->site][1] == e->thread)
			continue;
		seen[e->site][1] = e->thread;
		const struct bs_entry *f = bs_acc(c->log, seen[e->site][0]);
		if (f->obj == e->obj && f->field == e->field && (f->off != e->off || f->uoff != e->uoff))
			for (int k = 0; k < c->npobjs; k++)
				if (c->pobjs[k].v == e->obj)
					c->pobjs[k].indexed = true;
	}
	free(seen);
}

int bs_restrict_param(const struct bs_ctx *c, const struct ir_var *obj)
{
	for (int i = 0; i < c->npobjs; i++) {
		const struct bs_pobj *o = &c->pobjs[i];
		if (o->v != obj || o->parent)
			continue;
		return o->restricted ? i : -1;
	}
	return -1;
}

bool bs_obj_loaded(const struct bs_ctx *c, const struct ir_var *obj)
{
	for (int i = 0; i < c->npobjs; i++)
		if (c->pobjs[i].v == obj)
			return c->pobjs[i].parent != NULL;
	return false;
}
