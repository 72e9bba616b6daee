// CL1003 positive: the early-return condition uses block.thread_rank()
// (thread-varying); cg::sync(block) afterwards is skipped by those threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_rank_exit(int *x, unsigned active)
{
    auto block = cg::this_thread_block();
    __shared__ int s[256];
    if (block.thread_rank() >= active)
        return;
    s[block.thread_rank()] = x[block.thread_rank()];
    cg::sync(block); // expect: CL1003
    x[block.thread_rank()] = s[0];
}
