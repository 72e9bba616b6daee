// CL2001 negative: the flag is read with inline PTX ld.volatile, which the
// compiler cannot hoist (asm volatile). No data is read after the loop.
__global__ void ptx_volatile_wait(const int *flag, int *out)
{
    int v;
    do {
        asm volatile("ld.volatile.global.s32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
    } while (v == 0);
    out[blockIdx.x] = v;
}
