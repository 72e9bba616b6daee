// CL2004 negative: cub-style decoupled look-back poll. The status word is
// loaded with inline PTX ld.acquire.gpu in a do/while; the acquire orders
// the aggregate read that follows. The producer publishes with a fence.
__global__ void lookback(unsigned *status, unsigned *agg, unsigned *out)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            agg[0] = 64;
            __threadfence();
            atomicExch(status, 1u);
        }
    } else if (threadIdx.x == 0) {
        unsigned s;
        do {
            asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(s) : "l"(status) : "memory");
        } while (s == 0);
        out[blockIdx.x] = agg[0];
    }
}
