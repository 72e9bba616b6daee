// CL1003 negative: `if (!__syncthreads_or(found)) return;` -- the vote's
// result is the same for every thread, so either the whole block returns or
// none of it does.
__global__ void search_block(const int *keys, int key, int *hits)
{
    __shared__ int s[256];
    int v = keys[blockIdx.x * blockDim.x + threadIdx.x];
    int found = (v == key);
    if (!__syncthreads_or(found))
        return;
    s[threadIdx.x] = found;
    __syncthreads();
    if (threadIdx.x == 0) {
        int c = 0;
        for (int k = 0; k < 256; ++k)
            c += s[k];
        hits[blockIdx.x] = c;
    }
}
