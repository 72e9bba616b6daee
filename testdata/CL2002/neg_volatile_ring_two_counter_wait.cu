// CL2002 negative: the allocator waits on two counters, `head - tail`. The
// second call's wait reads `r->tail` again, which ring_free moves with
// atomicMax: a counter the loop waits on, not data the flag hands over.
// (The ring's `base` and `size` only the host wrote.)
struct Ring { volatile unsigned head; volatile unsigned tail; unsigned size; volatile void *base; volatile unsigned max; };
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

template <typename T> static __device__ void ring_free(Ring *r, T *e)
{
    unsigned max = atomicMax((unsigned *)&r->max, e->index + 1);
    if (max == e->index)
        atomicMax((unsigned *)&r->tail, max);
}

__global__ void sort_step(Ring *r, const int *in)
{
    Elem *e = ring_alloc<Elem>(r);
    e->v = in[threadIdx.x];
    ring_free<Elem>(r, e);
    Elem *f = ring_alloc<Elem>(r);
    f->v = 0;
}
