/* report_fixture.h - the small rule table the reporter tests use, so
 * their golden files do not change when the real table grows. */
#ifndef CUDALINT_REPORT_FIXTURE_H
#define CUDALINT_REPORT_FIXTURE_H

#include "../../rules/rules.h"

/* the last field is the row's index, as rules/rules.c sets it */
static const struct cl_rule T_rules[] = {
	{"CL0001", "unused-suppression", "UnusedSuppression", CL_LEVEL_NOTE, 0,
	 "A suppression comment silences no finding", "very-high", NULL, 0},
	{"CL1001", "divergent-barrier", "DivergentBarrier", CL_LEVEL_ERROR, 1,
	 "__syncthreads() reached by only part of a block", "high", NULL, 1},
	{"CL1002", "barrier-in-divergent-loop", "BarrierInDivergentLoop", CL_LEVEL_WARNING, 1,
	 "A barrier inside a loop whose trip count varies per thread.", NULL, NULL, 2},
	{"CL2005", "shared-race", "SharedRace", CL_LEVEL_WARNING, 1,
	 "Shared memory written and read without a barrier in between", "medium", NULL, 3},
};

#endif
