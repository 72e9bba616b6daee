// CL2003 positive: producer and consumer are two kernels launched with the
// same device pointers (they can run concurrently in different streams).
// cudalint follows the launches to see that prod's *flag is cons's poll.
#include <cuda/atomic>

__global__ void prod(int *data, int *flag)
{
    data[0] = 10;
    data[1] = 20;
    atomicExch(flag, 1); // expect: CL2003
}

__global__ void cons(int *data, int *flag)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    data[2] = data[0] + data[1];
}

void run(int *d_data, int *d_flag, cudaStream_t s1, cudaStream_t s2)
{
    cons<<<1, 1, 0, s2>>>(d_data, d_flag);
    prod<<<1, 1, 0, s1>>>(d_data, d_flag);
}
