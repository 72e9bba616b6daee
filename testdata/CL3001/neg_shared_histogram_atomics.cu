// CL3001 negative: a shared-memory histogram. Bins are cleared before a
// barrier, updated only with atomicAdd (atomics never race with each other),
// and read after another barrier.
__global__ void histogram(const unsigned char *in, unsigned *hist, int n)
{
    __shared__ unsigned bins[256];
    int tid = threadIdx.x;
    bins[tid] = 0;
    __syncthreads();
    for (int i = blockIdx.x * 256 + tid; i < n; i += gridDim.x * 256)
        atomicAdd(&bins[in[i]], 1u);
    __syncthreads();
    atomicAdd(&hist[tid], bins[tid]);
}
