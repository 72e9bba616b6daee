// CL2004 negative: the poll calls a __device__ helper that loads the flag
// with inline PTX ld.acquire.gpu; the acquire orders the read after the loop.
__device__ __forceinline__ int load_acquire(const int *p)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__global__ void helper_poll(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 12;
        __threadfence();
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (load_acquire(flag) == 0) {
        }
        out[0] = data[0];
    }
}
