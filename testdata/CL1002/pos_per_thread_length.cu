// CL1002 positive: the trip count is loaded from a thread-varying address
// (lengths[gid]) -- a per-thread work list -- with a barrier in the loop.
__global__ void per_thread_lists(const int *lengths, const float *vals, float *out)
{
    __shared__ float s[256];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int len = lengths[gid];
    float acc = 0.0f;
    for (int j = 0; j < len; ++j) {
        s[threadIdx.x] = vals[gid * 16 + j];
        __syncthreads(); // expect: CL1002
        acc += s[(threadIdx.x + 1) % 256];
    }
    out[gid] = acc;
}
