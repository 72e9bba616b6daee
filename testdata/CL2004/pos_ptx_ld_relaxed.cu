// CL2004 positive: a hand-written PTX poll with ld.relaxed.gpu. The relaxed
// load is re-executed (so no CL2001), but it is not an acquire: the read of
// agg after the loop is unordered. cub uses ld.acquire here.
__global__ void lookback(const unsigned *status, unsigned *agg, unsigned *out)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            agg[0] = 64;
            __threadfence();
            atomicExch((unsigned *)status, 1u);
        }
    } else if (threadIdx.x == 0) {
        unsigned s;
        do {
            asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(s) : "l"(status) : "memory");
        } while (s == 0);
        out[blockIdx.x] = agg[0]; // expect: CL2004
    }
}
