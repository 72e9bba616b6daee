// CL2005 positive (d): atomic_ref<int, thread_scope_system> on memory that
// every launch passes from cudaMalloc. Device memory needs at most
// thread_scope_device.
#include <cuda/atomic>

__global__ void bump(int *counter)
{
    cuda::atomic_ref<int, cuda::thread_scope_system> c(*counter);
    c.fetch_add(1, cuda::memory_order_relaxed); // expect: CL2005
}

void run()
{
    int *d_counter = nullptr;
    cudaMalloc((void **)&d_counter, sizeof(int));
    cudaMemset(d_counter, 0, sizeof(int));
    bump<<<4, 64>>>(d_counter);
    cudaDeviceSynchronize();
    cudaFree(d_counter);
}
