// CL1002 positive: cooperative groups -- block.sync() inside a loop whose
// bound depends on block.thread_rank() (thread-varying).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_rank_loop(int *x)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ int s[256];
    unsigned r = block.thread_rank();
    s[r] = x[r];
    for (unsigned i = 0; i < r % 4; ++i) {
        s[r] += 1;
        block.sync(); // expect: CL1002
    }
    x[r] = s[r];
}
