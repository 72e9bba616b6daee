// CL1002 negative: cooperative-groups barriers (block.sync(), cg::sync(block))
// in a loop over a kernel parameter -- uniform trip count.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_iterations(float *x, int iters)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float s[256];
    unsigned r = block.thread_rank();
    s[r] = x[r];
    for (int it = 0; it < iters; ++it) {
        float v = s[(r + 1) % 256]; // expect: CL3001
        block.sync();
        s[r] = v;
        cg::sync(block);
    }
    x[r] = s[r];
}
