// CL1003 positive, plus a negative in the same kernel: the varying
// `continue` skips the two barriers in the loop body (CL1003), but `continue`
// does not leave the loop, so the barrier AFTER the loop is reached by every
// thread and must not be reported.
__global__ void skip_in_loop(const float *in, float *out, int rounds)
{
    __shared__ float s[256];
    float acc = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        float v = in[r * 256 + threadIdx.x];
        if (v == 0.0f)
            continue;
        s[threadIdx.x] = v;
        __syncthreads(); // expect: CL1003
        acc += s[255 - threadIdx.x];
        __syncthreads(); // expect: CL1003
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
