// CL2005 negative: the kernel's own pointer comes from cudaMalloc, but the
// window after the system fence calls a __device__ function that writes
// through g_mailbox, a pointer the host installs (it may point to mapped
// host memory). With a call in the window cudalint cannot prove that
// device scope suffices, so the system fence is not reported.
__device__ int *g_mailbox;

__device__ __noinline__ void notify_host(int code)
{
    *(volatile int *)g_mailbox = code;
}

__global__ void finish(int *data)
{
    data[threadIdx.x] = 1;
    __threadfence_system();
    if (threadIdx.x == 0)
        notify_host(7);
}

void run(int *h_mapped_mailbox_dev_ptr)
{
    int *d_data = nullptr;
    cudaMalloc((void **)&d_data, 32 * sizeof(int));
    cudaMemcpyToSymbol(g_mailbox, &h_mapped_mailbox_dev_ptr, sizeof(int *));
    finish<<<1, 32>>>(d_data);
}
