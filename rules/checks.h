/* checks.h - the check function of each rule, one per rules/CLnnnn_*.c. */
#ifndef CUDALINT_CHECKS_H
#define CUDALINT_CHECKS_H

struct cl_ctx;
struct ir_unit;

void check_divergent_barrier(struct cl_ctx *cx, const struct ir_unit *u);
void check_divergent_loop_barrier(struct cl_ctx *cx, const struct ir_unit *u);
void check_barrier_after_divergent_exit(struct cl_ctx *cx, const struct ir_unit *u);

void check_divergent_warp_collective(struct cl_ctx *cx, const struct ir_unit *u);
void check_shared_memory_race(struct cl_ctx *cx, const struct ir_unit *u);
void check_plain_flag_poll(struct cl_ctx *cx, const struct ir_unit *u);
void check_volatile_flag_poll(struct cl_ctx *cx, const struct ir_unit *u);
void check_missing_release_fence(struct cl_ctx *cx, const struct ir_unit *u);
void check_missing_acquire_fence(struct cl_ctx *cx, const struct ir_unit *u);
void check_overwide_fence_scope(struct cl_ctx *cx, const struct ir_unit *u);

#endif
