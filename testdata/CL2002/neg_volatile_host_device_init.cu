// CL2002 negative: the only code that stores to ring_base is a
// __host__ __device__ init routine that host code calls before the launch
// and no kernel calls; on the device, nothing writes ring_base, so the
// reads after the poll need no acquire.
__device__ int ring_base[64];
__device__ volatile int ring_tail;

__host__ __device__ void ring_reset(int *base, int n)
{
    for (int i = 0; i < n; i++)
        base[i] = 0;
}

__host__ __device__ void ring_clear(void)
{
    for (int i = 0; i < 64; i++)
        ring_base[i] = 0;
}

__global__ void sorter(int *out, int h)
{
    while (ring_tail <= h) {
    }
    out[threadIdx.x] = ring_base[threadIdx.x];
}

__global__ void pusher(void)
{
    ring_tail = ring_tail + 1;
}

void setup(int *h_ring)
{
    ring_reset(h_ring, 64);
    ring_clear();
}
