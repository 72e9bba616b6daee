// CL1003 positive: __syncthreads_count after a varying early return.
__global__ void count_after_exit(const int *flags, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int c = __syncthreads_count(flags[i]); // expect: CL1003
    if (threadIdx.x == 0)
        out[blockIdx.x] = c;
}
