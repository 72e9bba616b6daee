// CL2001 positive: each block waits on its own slot flags[blockIdx.x]. The
// index does not change inside the loop, so the address is loop invariant
// and the plain load may be hoisted.
__global__ void per_block_wait(const int *flags, float *out)
{
    while (flags[blockIdx.x] == 0) { // expect: CL2001
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = 0.5f;
}
