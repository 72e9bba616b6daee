// CL2005 positive (a): a shared-memory scan step that puts __threadfence()
// between reading its neighbours and writing back. Between the surrounding
// barriers only shared memory is touched, so a block-scope fence is all
// the ordering that could be needed.
__global__ void scan_step(const int *in, int *out)
{
    __shared__ int s[256];
    s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    int v = s[threadIdx.x];
    if (threadIdx.x >= 1)
        v += s[threadIdx.x - 1];
    __threadfence(); // expect: CL2005
    s[threadIdx.x] = v; // expect: CL3001
    __syncthreads(); // expect: CL4001
    out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}
