// CL1003 positive: inside a loop with a uniform trip count, a thread returns
// when its own value goes negative; the barrier later in the body is then
// missing participants. The loop is uniform, so CL1003.
__global__ void until_negative(float *x, int iters)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    for (int it = 0; it < iters; ++it) {
        if (s[threadIdx.x] < 0.0f)
            return;
        float v = s[(threadIdx.x + 1) % 256] - 1.0f; // expect: CL3001
        __syncthreads(); // expect: CL1003
        s[threadIdx.x] = v;
    }
    x[threadIdx.x] = s[threadIdx.x];
}
