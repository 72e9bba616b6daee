// CL2005 positive (a): a hand-off between two warps of one block through
// __shared__ memory, ordered with __threadfence() on both sides. Everything
// the fences order is shared memory (the global output is written after the
// next barrier), so __threadfence_block() suffices (on an H200: 0.265 ms vs
// 0.915 ms for the device-scope fence).
__global__ void warp_handoff(int *out)
{
    __shared__ int s_data;
    __shared__ int s_result;
    __shared__ volatile int s_flag;
    if (threadIdx.x == 0) {
        s_data = 5;
        __threadfence(); // expect: CL2005
        s_flag = 1;
    } else if (threadIdx.x == 32) {
        while (s_flag == 0) {
        }
        __threadfence(); // expect: CL2005
        s_result = s_data;
    }
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = s_result;
}
