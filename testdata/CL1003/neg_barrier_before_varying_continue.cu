// CL1003 negative: the barrier is at the TOP of the loop body and the varying
// `continue` comes after it. `continue` goes to the next iteration, which
// starts with the barrier again, so every thread executes it every
// iteration (the loop itself is uniform).
__global__ void top_sync(const float *in, float *out, int rounds)
{
    __shared__ float s[256];
    float acc = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        __syncthreads();
        s[threadIdx.x] = in[r * 256 + threadIdx.x];
        if (s[threadIdx.x] < 0.0f)
            continue;
        acc += s[threadIdx.x];
    }
    out[threadIdx.x] = acc;
}
