/* memorder_scan.h - the ordering scans the memory-ordering rules share:
 * finding the first data access on one side of a synchronisation point
 * that no fence, barrier or acquire/release operation orders, and the
 * publications and observations such scans start from
 * (memorder_scan.c, memorder_scan_sites.c). The rules judge what a scan
 * found and word the message (rules/ordering.h). */
#ifndef CUDALINT_MEMORDER_SCAN_H
#define CUDALINT_MEMORDER_SCAN_H

#include "analysis/memorder.h"

enum mo_scan_dir { MO_SCAN_AFTER, MO_SCAN_BEFORE };

struct mo_scan {
	const struct memorder *m;
	const struct ir_func *fn;
	const struct ir_var *flag;       /* the synchronisation object itself */
	const char *flag_field;
	enum ir_space flag_space;        /* SPACE_SHARED: a block-local hand-off */
	enum mo_extent extent;           /* which threads the hand-off connects: block
	                                  * scope and barriers order it unless CROSS */
	bool stores;                     /* after: stores count too (to objects written
	                                  * elsewhere as well), not only loads */
	bool only_decided;               /* reads count only inside branches a ticket decides */
	enum mo_scan_dir dir;
	/* result */
	bool found;
	struct mo_access hit;               /* the unordered data access */
	const struct ir_func *hit_fn;    /* the function it is in (a caller of fn, after a helper returns) */
	/* a fence the scan went past because its scope is narrower than the
	 * hand-off needs (__threadfence_block() before a publication to
	 * another block): with found, the finding is CL2006's, not a missing
	 * fence (CL2003, CL2004) */
	bool narrowed;
	struct mo_access narrow;            /* the nearest such fence */
};

/* Scans from statement st (after: its nested branches first, then what
 * follows; before: what precedes) for a data access of another object
 * that is not ordered; after: loads of objects device code writes (and
 * with .stores, stores to objects stored to elsewhere too); before:
 * stores to objects device code reads. Stops quietly at an ordering
 * point or an opaque call. */
void mo_scan_run(struct mo_scan *s, struct ir_stmt *st);
/* The same from access a: when a is a helper's, seen through from the
 * call a->via, what precedes it in the helper comes first. */
void mo_scan_from(struct mo_scan *s, const struct mo_access *a);

/* Whether access a publishes a sync object in a way the release scan
 * checks (CL2003 and CL2006 share the choice): a plain or atomic write
 * of a polled or ticket object that is no release operation, not read
 * only, not ordered by barriers alone. Then runs the scan before it
 * into *s, with the extent x (EXTENT_CROSS forced by CL2006 where the
 * write's own scope says another block reads it) or, for x < 0, the
 * write's own. fn is the function walked. */
bool mo_publication_scan(const struct memorder *m, const struct ir_func *fn, const struct mo_access *a, int x,
                            struct mo_scan *s);

/* The observations the acquire scan checks (CL2004 and CL2006 share
 * them): relaxed atomic polls, and relaxed deciding atomics with no
 * fence of the needed scope right before them. Calls fn for each whose
 * scan found an unordered access, with the observation (the poll's load
 * or the atomic), whether it is a ticket, and the function to report in. */
typedef void (*mo_obs_fn)(const struct mo_scan *s, const struct ir_expr *obs, bool ticket,
                             const struct ir_func *fn, void *arg);
void mo_each_observation(const struct memorder *m, const struct ir_unit *u, mo_obs_fn fn, void *arg);

/* The memory object a unit's memorder facts are keyed by. */
const struct memorder *mo_facts(const struct ir_unit *u);

/* Whether access a stores data a publication after it must order: to an
 * object other than a sync object that device code reads, or (a plain
 * store) stores to elsewhere too. */
bool mo_published_data(const struct memorder *m, const struct mo_access *a);

/* A write in a helper seen through that is not taken for a publication
 * of the caller's data: anything but an exchange, a compare-and-swap or
 * an atomic store (ordering.c says why). */
bool mo_helper_no_publication(const struct mo_access *a);

/* The scope the ordering of a hand-off of that extent needs. */
enum mem_scope mo_needed_scope(enum ir_space flag_space, enum mo_extent x);

#endif
