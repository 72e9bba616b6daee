// CL2003 negative: a histogram. Each thread stores a value and then does an
// atomicAdd whose result is ignored; the counter is not a synchronisation
// object (no poll, no branch on the result), so no fence is needed.
__global__ void histo(const int *keys, int *bins, int *scratch, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        scratch[i] = keys[i] >> 4;
        atomicAdd(&bins[keys[i] & 255], 1);
    }
}
