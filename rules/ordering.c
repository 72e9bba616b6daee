/* ordering.c - the fences the memory-ordering rules' messages suggest
 * (ordering.h). */
#include "ordering.h"

const char *order_fence_call(enum ir_space flag_space, enum mo_extent x)
{
	if (mo_needed_scope(flag_space, x) == SCOPE_BLOCK && x != EXTENT_UNKNOWN)
		return "__threadfence_block()";
	return "__threadfence()";
}

const char *order_fence_advice(enum ir_space flag_space, enum mo_extent x)
{
	if (mo_needed_scope(flag_space, x) == SCOPE_BLOCK && x != EXTENT_UNKNOWN)
		return "`__threadfence_block()`";
	if (x == EXTENT_UNKNOWN && flag_space != SPACE_SHARED)
		return "`__threadfence()` (`__threadfence_block()` if every thread it hands off to is in the same block)";
	return "`__threadfence()`";
}
