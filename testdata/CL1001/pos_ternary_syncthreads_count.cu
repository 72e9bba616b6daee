// CL1001 positive: a barrier-returning call inside ?: whose condition is
// thread-varying. Threads with tid >= 8 never evaluate __syncthreads_count.
__global__ void count_small(const int *flags, int *out)
{
    int tid = threadIdx.x;
    int p = flags[blockIdx.x * blockDim.x + tid] != 0;
    int c = (tid < 8) ? __syncthreads_count(p) : 0; // expect: CL1001
    if (tid == 0)
        out[blockIdx.x] = c;
}
