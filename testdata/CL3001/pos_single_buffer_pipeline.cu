// CL3001 positive: a streaming loop with a single staging buffer and one
// barrier per iteration. After the barrier each thread reads buf[tid + 1]; a
// fast neighbour may already be at the top of the next iteration overwriting
// it (write-after-read across iterations) -- double buffering would fix it.
__global__ void smooth_stream(const float *in, float *out, int iters)
{
    __shared__ float buf[257];
    int tid = threadIdx.x;
    for (int it = 0; it < iters; ++it) {
        buf[tid] = in[it * 257 + tid]; // expect: CL3001
        __syncthreads();
        out[it * 256 + tid] = 0.5f * (buf[tid] + buf[tid + 1]);
    }
}
