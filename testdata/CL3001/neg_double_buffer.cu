// CL3001 negative: double buffering done right. Two buffers selected by the
// loop variables cur/nxt; each iteration fills buf[nxt] while reading buf[cur],
// and one barrier per iteration separates a buffer's reads from its next
// refill (which happens two iterations later).
__global__ void smooth_stream(const float *in, float *out, int iters)
{
    __shared__ float buf[2][257];
    int tid = threadIdx.x;
    buf[0][tid] = in[tid];
    if (tid == 0)
        buf[0][256] = in[256];
    __syncthreads();
    for (int it = 0; it < iters; ++it) {
        int cur = it % 2;
        int nxt = 1 - cur;
        if (it + 1 < iters) {
            buf[nxt][tid] = in[(it + 1) * 257 + tid];
            if (tid == 0)
                buf[nxt][256] = in[(it + 1) * 257 + 256];
        }
        out[it * 256 + tid] = 0.5f * (buf[cur][tid] + buf[cur][tid + 1]);
        __syncthreads();
    }
}
