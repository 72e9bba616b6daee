// CL1002 negative: a kernel's parameters are the same in every thread,
// however many it has. ggml's mul_mat_q takes 24; its loop bound is built
// from the twentieth (`nsamples_y`), and cudalint took every parameter past
// the sixteenth for a thread-varying value.
__global__ void tiles(float *out, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8,
                      int a9, int a10, int a11, int a12, int a13, int a14, int a15, int a16, int nsamples)
{
    __shared__ float s[256];
    for (int i = blockIdx.x; i < nsamples * a16; i += gridDim.x) {
        s[threadIdx.x] = i;
        __syncthreads();
        out[i * blockDim.x + threadIdx.x] = s[255 - threadIdx.x];
        __syncthreads();
    }
}
