// CL2001 negative: the poll uses cuda::atomic_ref's default load(), which is
// seq_cst: an atomic load that is re-executed every iteration and orders
// what follows.
#include <cuda/atomic>

__global__ void sc_wait(int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    while (f.load() == 0) {
    }
    out[blockIdx.x] = 1;
}
