// CL2002 positive (twin of neg_volatile_host_device_init.cu): the same
// __host__ __device__ routine is called by a kernel too, which stores to
// ring_base on the device and raises the flag; the read after the poll is
// a hand-off.
__device__ int ring_base[64];
__device__ volatile int ring_tail;

__host__ __device__ void ring_clear(void)
{
    for (int i = 0; i < 64; i++)
        ring_base[i] = 0;
}

__global__ void sorter(int *out, int h)
{
    while (ring_tail <= h) { // expect: CL2002 "reads `ring_base[threadIdx.x]`"
    }
    out[threadIdx.x] = ring_base[threadIdx.x];
}

__global__ void pusher(void)
{
    ring_clear();
    __threadfence();
    ring_tail = ring_tail + 1;
}

void setup(void)
{
    ring_clear();
}
