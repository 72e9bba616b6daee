// nvcc compatibility: PTX special registers written with one `%` in an
// asm template ("invalid % escape" in clang). The asm stays in the AST, so
// its output is still thread-varying (%laneid).

__global__ void lane_zero_syncs(int *out)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));
    if (lane == 0)
        __syncthreads(); // expect: CL1001
    out[threadIdx.x] = lane;
}
