// CL2003 + CL2004 positive (twin of neg_ticket_queue_slot.cu): the number
// from atomicAdd picks the thread's slot too, but the last taker
// (`t == gridDim.x - 1`, seen only after every other block took its own)
// then reads every block's data: that is a hand-off through the counter.
__device__ unsigned int arrived = 0;

__global__ void gather(const int *in, int *slots, int *out)
{
    if (threadIdx.x == 0) {
        slots[blockIdx.x] = in[blockIdx.x];
        unsigned t = atomicAdd(&arrived, 1); // expect: CL2003
        slots[gridDim.x + t] = 1;
        if (t == gridDim.x - 1) {
            int s = 0;
            for (unsigned j = 0; j < gridDim.x; j++)
                s += slots[j]; // expect: CL2004 "`slots[j]`"
            *out = s;
        }
    }
}
