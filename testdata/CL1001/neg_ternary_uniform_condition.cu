// CL1001 negative: a barrier-returning call inside ?: whose condition is a
// kernel parameter -- every thread evaluates the same arm.
__global__ void maybe_count(const int *flags, int *out, int n)
{
    int p = flags[blockIdx.x * blockDim.x + threadIdx.x] != 0;
    int c = (n > 8) ? __syncthreads_count(p) : 0;
    if (threadIdx.x == 0)
        out[blockIdx.x] = c;
}
