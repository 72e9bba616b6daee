// CL1002 positive (interprocedural parameter uniformity): smooth() loops
// `rounds` times with a barrier inside. Its only caller passes a
// thread-varying argument (threadIdx.x / 32), so `rounds` is varying and the
// barrier inside smooth() is in a varying-trip loop. Reported at the barrier.
__device__ void smooth(float *s, int rounds)
{
    for (int r = 0; r < rounds; ++r) {
        float v = 0.5f * (s[threadIdx.x] + s[(threadIdx.x + 1) % 256]); // expect: CL3001
        __syncthreads(); // expect: CL1002
        s[threadIdx.x] = v;
    }
}

__global__ void smooth_per_warp(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    smooth(s, threadIdx.x / 32);
    x[threadIdx.x] = s[threadIdx.x];
}
