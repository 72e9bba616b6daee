// CL1003 positive: C-style error path. A per-thread validity check jumps to
// a `fail:` label at the end of the kernel, skipping both barriers.
__global__ void validate_then_swap(float *x, int *err)
{
    __shared__ float s[256];
    float v = x[blockIdx.x * 256 + threadIdx.x];
    if (v != v)
        goto fail;
    s[threadIdx.x] = v;
    __syncthreads(); // expect: CL1003
    v = s[255 - threadIdx.x];
    __syncthreads(); // expect: CL1003
    x[blockIdx.x * 256 + threadIdx.x] = v;
    return;
fail:
    atomicAdd(err, 1);
}
