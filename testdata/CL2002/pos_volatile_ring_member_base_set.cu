// CL2002 positive (twin of neg_volatile_ring_alloc_member_base.cu): a
// kernel stores the ring's `base` itself and then moves `head`, so the
// read of `r->base` after the poll is a hand-off (both kernels get the same
// ring).
struct Ring { volatile unsigned head; volatile unsigned tail; unsigned size; volatile void *base; };
struct Elem { unsigned index; int v; };

template <typename T> static __device__ T *ring_alloc(Ring *r)
{
    while (r->head - r->tail >= r->size) { // expect: CL2002 "reads `r->base`"
    }
    T *ret = (T *)(r->base) + (r->head & (r->size - 1));
    ret->index = 0;
    return ret;
}

__global__ void sort_step(Ring *r, const int *in)
{
    Elem *e = ring_alloc<Elem>(r);
    e->v = in[threadIdx.x];
}

__global__ void rebase(Ring *r, void *buf)
{
    r->base = buf;
    __threadfence();
    r->head = 0;
}

void run(Ring *d_ring, const int *d_in, void *d_buf)
{
    rebase<<<1, 1>>>(d_ring, d_buf);
    sort_step<<<1, 32>>>(d_ring, d_in);
}
