// CL1003 negative: `if (idx >= n) return;` placed AFTER the last barrier.
// All loads into shared memory are padded, the barrier is passed by every
// thread, and only then do out-of-range threads leave.
__global__ void late_return(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = (idx < n) ? in[idx] : 0.0f;
    __syncthreads();
    if (idx >= n) return;
    out[idx] = s[threadIdx.x] + s[(threadIdx.x + 1) % 256];
}
