// CL1001 positive: cg::sync(block) under a condition on block.thread_rank(),
// which is a thread-varying source (the linear thread index in the block).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_even_ranks(int *x)
{
    auto block = cg::this_thread_block();
    __shared__ int s[256];
    unsigned r = block.thread_rank();
    s[r] = x[r];
    if (r % 2 == 0) {
        cg::sync(block); // expect: CL1001
        x[r] = s[r + 1];
    }
}
