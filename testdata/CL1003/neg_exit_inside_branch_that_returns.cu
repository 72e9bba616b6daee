// CL1003 negative (ggml's mul_mat_q_stream_k_fixup, cut down): the early
// return on `threadIdx.x > n` lies inside `if (!ids) { ...; return; }`, a
// branch on a kernel parameter whose every path returns. The blocks that
// take it leave whole; the blocks that reach the barrier never took it, so
// no thread there has left.
__global__ void fixup(const int *ids, float *out, int n)
{
    __shared__ int slot[256];
    if (!ids) {
        if (threadIdx.x > n)
            return;
        out[threadIdx.x] += 1.0f;
        return;
    }
    slot[threadIdx.x] = ids[threadIdx.x];
    __syncthreads();
    out[slot[255 - threadIdx.x]] += 1.0f;
}
