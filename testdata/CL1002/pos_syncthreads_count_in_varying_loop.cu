// CL1002 positive: __syncthreads_count is a block barrier too; inside a loop
// with a thread-varying trip count it diverges like __syncthreads.
__global__ void count_rounds(const int *flags, int *out)
{
    int tid = threadIdx.x;
    int total = 0;
    for (int i = 0; i < tid % 8; ++i)
        total += __syncthreads_count(flags[i * 256 + tid]); // expect: CL1002
    out[blockIdx.x * 256 + tid] = total;
}
