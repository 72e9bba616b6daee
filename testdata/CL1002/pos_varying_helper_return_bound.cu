// CL1002 positive (interprocedural return value): rows_for_me() returns a
// threadIdx-dependent value; used as a loop bound around a barrier.
__device__ int rows_for_me()
{
    return threadIdx.x / 8 + 1;
}

__global__ void rows_loop(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    int rows = rows_for_me();
    for (int r = 0; r < rows; ++r) {
        s[threadIdx.x] += 1.0f;
        __syncthreads(); // expect: CL1002
    }
    x[threadIdx.x] = s[threadIdx.x];
}
