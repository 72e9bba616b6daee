// CL1003 negative: the most common CUDA kernel shape -- an element-wise
// kernel with `if (i >= n) return;` and no barrier at all.
__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    y[i] = a * x[i] + y[i];
}
