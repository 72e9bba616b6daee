// CL3001 positive: tiled matrix multiply with only the first __syncthreads().
// The loop body has one barrier; the inner product after it reads As[ty][k] and
// Bs[k][tx], which fast threads overwrite at the top of the *next* iteration
// (write-after-read across iterations). Reported on the writes.
#define TILE 16
__global__ void matmul(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        As[ty][tx] = A[row * n + t * TILE + tx]; // expect: CL3001
        Bs[ty][tx] = B[(t * TILE + ty) * n + col]; // expect: CL3001
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
    }
    C[row * n + col] = acc;
}
