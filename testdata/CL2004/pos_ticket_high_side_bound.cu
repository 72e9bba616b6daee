// CL2003 + CL2004 positive: an order test on the high side of the bound
// (`t >= gridDim.x - 1`) guards the reads of the other blocks' data; only
// the last takers reach it, so it is a hand-off like `==`.
__device__ unsigned int arrived = 0;

__global__ void gather(const int *in, int *slots, int *out)
{
    if (threadIdx.x == 0) {
        slots[blockIdx.x] = in[blockIdx.x];
        unsigned t = atomicAdd(&arrived, 1); // expect: CL2003
        if (t >= gridDim.x - 1) {
            int s = 0;
            for (unsigned j = 0; j < gridDim.x; j++)
                s += slots[j]; // expect: CL2004
            *out = s;
        }
    }
}
