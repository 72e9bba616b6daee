// CL2004 positive (twin of neg_relaxed_poll_host_set_pointer.cu): the
// pusher stores the segment where `ring_items` points and then bumps the
// tail; the sorter reads that segment after the relaxed poll with no
// acquire. The finding names the segment, not the pointer read before it.
struct Seg { int lo, hi; };
__device__ Seg *ring_items;
__device__ int ring_cap;
__device__ int ring_tail;

__global__ void sorter(int h, int *out)
{
    while (atomicAdd(&ring_tail, 0) <= h) {
    }
    out[h] = ring_items[h % ring_cap].lo; // expect: CL2004 "`ring_items[h % ring_cap].lo`"
}

__global__ void pusher(int t, int lo)
{
    ring_items[t % ring_cap].lo = lo;
    __threadfence();
    atomicAdd(&ring_tail, 1);
}
