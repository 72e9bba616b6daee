// CL2004 negative: a device-side sorter's ring buffer. The host set the
// __device__ pointer `ring_items` (and `ring_cap`) before the launch; after
// the relaxed poll the kernel reads the pointer and stores its segment
// where it points. Device code writes only what the pointer designates,
// never the pointer, so reading it hands nothing over.
struct Seg { int lo, hi; };
__device__ Seg *ring_items;
__device__ int ring_cap;
__device__ int ring_tail;

__global__ void sorter(int h)
{
    while (atomicAdd(&ring_tail, 0) <= h) {
    }
    Seg *b = ring_items;
    b[h % ring_cap].lo = h;
}

__global__ void pusher(void)
{
    atomicAdd(&ring_tail, 1);
}
