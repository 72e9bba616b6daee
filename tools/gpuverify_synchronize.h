/* tools/gpuverify_synchronize.h - the cooperative-groups barrier of bugle's
 * cuda.h: GPUVerify's and GPURepair's test kernels call synchronize(g) on a
 * grid_group or a thread_block, a bugle function (CUDA has none) that is
 * g's barrier. Passed with -include by tools/score-suites after
 * gpuverify_annotations.h, which includes <cooperative_groups.h>. */
namespace cooperative_groups {
__device__ inline void synchronize(grid_group g) { g.sync(); }
__device__ inline void synchronize(thread_block t) { t.sync(); }
}
