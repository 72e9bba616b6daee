// CL2003 positive: `if (t < gridDim.x - 1) return;` leaves on the low side
// of the bound, so what follows runs for the last block only and reads
// every block's slot: the counter hands the slots over and must be
// released. (The acquire side after such a return is not checked yet.)
__device__ unsigned int arrived = 0;

__global__ void gather(const int *in, int *slots, int *out)
{
    if (threadIdx.x != 0)
        return;
    slots[blockIdx.x] = in[blockIdx.x];
    unsigned t = atomicAdd(&arrived, 1); // expect: CL2003
    if (t < gridDim.x - 1)
        return;
    int s = 0;
    for (unsigned j = 0; j < gridDim.x; j++)
        s += slots[j];
    *out = s;
}
