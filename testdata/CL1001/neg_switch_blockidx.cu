// CL1001 negative: switch on blockIdx.x % 3 -- every thread of a block takes
// the same case, so barriers inside the cases are block-uniform.
__global__ void three_modes(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    switch (blockIdx.x % 3) {
    case 0:
        __syncthreads();
        x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
        break;
    case 1:
        __syncthreads();
        x[blockIdx.x * 256 + threadIdx.x] = s[(threadIdx.x + 1) % 256];
        break;
    default:
        break;
    }
}
