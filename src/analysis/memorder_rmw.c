/* memorder_rmw.c - what a read-modify-write atomic does to its object:
 * a compare-and-swap that takes a lock or retries an update, or a read
 * written as an RMW (atomicAdd(p, 0)). The poll scan, the ticket scan,
 * the sites and the rules all ask here. */
#include "analysis/memorder_internal.h"

#include <string.h>

enum mo_cas mo_cas_kind(const struct ir_expr *call)
{
	int64_t v;
	const char *n = call->kind == EK_CALL ? call->u.call->name : NULL;
	int first = call->kind == EK_CALL && call->u.call->is_method; /* cuda::atomic_ref: the object */
	if (!n || (!strstr(n, "CAS") && !strstr(n, "compare_exchange")))
		return CAS_NONE;
	if (call->nkids <= first + 1)
		return CAS_NONE;
	return ir_const_value(call->kids[first + 1], &v) ? CAS_LOCK : CAS_UPDATE;
}

bool mo_rmw_reads_only(const struct ir_expr *call)
{
	int64_t v;
	const char *n = call->kind == EK_CALL ? call->u.call->name : NULL;
	int first = call->kind == EK_CALL && call->u.call->is_method;
	if (!n || call->nkids <= first + 1 || !ir_const_value(call->kids[first + 1], &v) || v)
		return false;
	return strstr(n, "Add") || strstr(n, "Sub") || strstr(n, "Or") || strstr(n, "Xor") ||
	       strstr(n, "fetch_add") || strstr(n, "fetch_sub") || strstr(n, "fetch_or") || strstr(n, "fetch_xor");
}
