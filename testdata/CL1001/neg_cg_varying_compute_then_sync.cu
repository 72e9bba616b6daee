// CL1001 negative: cooperative groups version of the safe pattern -- the
// thread_rank()-dependent if only computes, then cg::sync(block) and
// block.sync() are called by every thread.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_safe(float *x)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    unsigned r = block.thread_rank();
    float v = x[blockIdx.x * 256 + r];
    if (r % 2)
        v = -v;
    s[r] = v;
    cg::sync(block);
    x[blockIdx.x * 256 + r] = s[r ^ 1];
    block.sync(); // expect: CL4001
}
