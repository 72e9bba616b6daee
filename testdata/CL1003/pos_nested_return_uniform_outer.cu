// CL1003 positive: a varying return nested inside a block-uniform if on a
// kernel parameter (mode). In mode 1 some threads leave; the barrier after
// both ifs is unconditional but no longer reached by all threads.
__global__ void modal(float *x, int mode)
{
    __shared__ float s[256];
    if (mode == 1) {
        if (threadIdx.x > 200)
            return;
    }
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads(); // expect: CL1003
    x[threadIdx.x] = s[(threadIdx.x + 1) % 201];
}
