// CL2006 negative: a histogram per block in global memory. Each block updates
// only its own slots (indexed by blockIdx.x) with block-scope atomics, which
// is what they are for; the grid-wide total is another object and uses
// device scope.
__global__ void histogram(const int *in, int n, int *partial, int *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd_block(&partial[blockIdx.x * 16 + (in[i] & 15)], 1);
        atomicAdd(total, 1);
    }
}

void run(const int *in, int n, int *partial, int *total)
{
    histogram<<<(n + 255) / 256, 256>>>(in, n, partial, total);
}
