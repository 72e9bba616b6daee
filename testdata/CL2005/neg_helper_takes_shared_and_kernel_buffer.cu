// CL2005 negative: one helper stores through its pointer parameter both into
// the block's __shared__ tile and into the kernel's output buffer, so the
// analysis sees one memory object behind both. The kernel's buffer is not
// shared memory (a block's shared memory does not exist before the launch):
// the fence after the store to `out` orders global memory, and device
// scope is what other blocks need.
__device__ void store_at(float *dst, int i, float v)
{
    dst[i] = v;
}

__global__ void stage(float *out)
{
    __shared__ float tile[256];
    store_at(tile, threadIdx.x, out[threadIdx.x]);
    store_at(out, 256 + threadIdx.x, 0.0f);
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
    __threadfence();
}
