// CL2002 negative: a device-side quicksort's ring buffer allocator. It
// waits (volatile) for room, takes a slot with atomicAdd and computes the
// slot from `r->base`, which the host filled in before the launch, then
// stores into the slot. That store lands where `r->base` points, not in
// `r->base` or `r->size`, so the reads of those after the poll hand
// nothing over.
struct Ring { volatile unsigned head; volatile unsigned tail; unsigned size; volatile void *base; };
struct Elem { unsigned index; int v; };

template <typename T> static __device__ T *ring_alloc(Ring *r)
{
    while (r->head - r->tail >= r->size) {
    }
    unsigned index = atomicAdd((unsigned *)&r->head, 1);
    T *ret = (T *)(r->base) + (index & (r->size - 1));
    ret->index = index;
    return ret;
}

__global__ void sort_step(Ring *r, const int *in)
{
    Elem *e = ring_alloc<Elem>(r);
    e->v = in[threadIdx.x];
}
