// CL1002 negative: a constant-trip loop under #pragma unroll with a barrier
// in each iteration (double-buffered stage loop).
__global__ void stages(float *x)
{
    __shared__ float buf[2][256];
    buf[0][threadIdx.x] = x[threadIdx.x];
    __syncthreads();
#pragma unroll
    for (int st = 0; st < 4; ++st) {
        int cur = st & 1;
        buf[cur ^ 1][threadIdx.x] = buf[cur][(threadIdx.x + 1) % 256] * 0.5f;
        __syncthreads();
    }
    x[threadIdx.x] = buf[0][threadIdx.x];
}
