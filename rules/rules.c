/* rules.c - the table. Add a row, a rules/CLnnnn_name.c and a
 * rules/CLnnnn.md; IDs are never reused or renumbered. */
#include "rules.h"
#include "checks.h"

#include <stddef.h>
#include <string.h>

const struct cl_rule cl_rules[] = {
	{ "CL0001", "unused-suppression", "UnusedSuppression", CL_LEVEL_NOTE, 0,
	  "A cudalint suppression comment that suppresses nothing", "very-high", NULL },
	{ "CL1001", "divergent-barrier", "DivergentBarrier", CL_LEVEL_WARNING, 1,
	  "Block barrier reached only by the threads that take a thread-dependent branch", "high",
	  check_divergent_barrier },
	{ "CL1002", "divergent-loop-barrier", "DivergentLoopBarrier", CL_LEVEL_WARNING, 1,
	  "Block barrier inside a loop whose trip count differs between threads", "high",
	  check_divergent_loop_barrier },
	{ "CL1003", "barrier-after-divergent-exit", "BarrierAfterDivergentExit", CL_LEVEL_WARNING, 1,
	  "Block barrier after a return, continue or goto that only some threads take", "high",
	  check_barrier_after_divergent_exit },
	{ "CL1004", "divergent-warp-collective", "DivergentWarpCollective", CL_LEVEL_WARNING, 1,
	  "Full-mask warp collective under control flow that differs between lanes", "high",
	  check_divergent_warp_collective },
	{ "CL2001", "plain-flag-poll", "PlainFlagPoll", CL_LEVEL_WARNING, 1,
	  "Spin loop reads a flag another thread writes with a plain load the compiler may hoist", "high",
	  check_plain_flag_poll },
	{ "CL2002", "volatile-flag-poll", "VolatileFlagPoll", CL_LEVEL_WARNING, 1,
	  "Volatile flag poll followed by data reads with no acquire ordering", "medium",
	  check_volatile_flag_poll },
	{ "CL2003", "missing-release-fence", "MissingReleaseFence", CL_LEVEL_WARNING, 1,
	  "Data stored, then a flag or ticket published, with no fence or release between", "medium",
	  check_missing_release_fence },
	{ "CL2004", "missing-acquire-fence", "MissingAcquireFence", CL_LEVEL_WARNING, 1,
	  "Flag or ticket observed, then data read, with no fence or acquire between", "medium",
	  check_missing_acquire_fence },
	{ "CL2005", "overwide-fence-scope", "OverwideFenceScope", CL_LEVEL_WARNING, 1,
	  "Fence or atomic scope wider than the memory it orders needs", "medium",
	  check_overwide_fence_scope },
	{ "CL3001", "shared-memory-race", "SharedMemoryRace", CL_LEVEL_WARNING, 1,
	  "Shared memory written and accessed by other threads with no barrier between", "medium",
	  check_shared_memory_race },
};

const int cl_nrules = sizeof cl_rules / sizeof cl_rules[0];

const struct cl_rule *cl_rule_find(const char *s)
{
	for (int i = 0; i < cl_nrules; i++)
		if (!strcasecmp(cl_rules[i].id, s) || !strcmp(cl_rules[i].name, s))
			return &cl_rules[i];
	return NULL;
}

/* generated from rules/CL*.md by CMakeLists.txt */
extern const struct { const char *id, *text; } cl_rule_docs[];

const char *cl_rule_doc(const struct cl_rule *r)
{
	for (int i = 0; cl_rule_docs[i].id; i++)
		if (!strcmp(cl_rule_docs[i].id, r->id))
			return cl_rule_docs[i].text;
	return NULL;
}
