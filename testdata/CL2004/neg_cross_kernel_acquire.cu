// CL2004 negative: two kernels linked by launches; the consumer polls with
// atomic_ref load(acquire), the producer stores with release.
#include <cuda/atomic>

__global__ void prod(int *data, int *flag)
{
    data[0] = 1;
    cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).store(1, cuda::memory_order_release);
}

__global__ void cons(const int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[0] = data[0];
}

void run(int *d_data, int *d_flag, int *d_out, cudaStream_t a, cudaStream_t b)
{
    cons<<<1, 1, 0, b>>>(d_data, d_flag, d_out);
    prod<<<1, 1, 0, a>>>(d_data, d_flag);
}
