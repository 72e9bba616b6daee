// CL2001 negative: cub-style inline PTX. The flag is loaded with
// ld.acquire.gpu inside asm volatile with a "memory" clobber in a do/while;
// that is an acquire load, so the poll and the data read after it are fine.
__device__ __forceinline__ unsigned ld_acquire(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__global__ void tile_status_wait(const unsigned *status, const unsigned *agg, unsigned *out)
{
    unsigned s;
    do {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(s) : "l"(status) : "memory");
    } while (s == 0);
    out[blockIdx.x] = agg[0] + ld_acquire(status);
}
