// CL2002 positive (twin of neg_volatile_host_set_pointer.cu): here a
// kernel stores the pointer itself before raising the flag, so the read of
// `seg_base` after the poll is a hand-off and needs the acquire side.
__device__ int *seg_base;
__device__ volatile int ready;

__global__ void worker(const int *keys)
{
    while (ready == 0) { // expect: CL2002 "reads `seg_base`"
    }
    int *b = seg_base;
    b[threadIdx.x] = keys[threadIdx.x];
}

__global__ void starter(int *buf)
{
    seg_base = buf;
    __threadfence();
    ready = 1;
}
