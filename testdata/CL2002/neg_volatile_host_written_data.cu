// CL2002 negative: the data read after the poll (params) is written only by
// the host (cudaMemcpy before the launch); no device code in this file
// stores to it, so there is no device-side producer to race with.
__global__ void gated(volatile int *go, const float *params, float *out)
{
    while (*go == 0) {
    }
    out[threadIdx.x] = params[threadIdx.x] * 2.0f;
}

__global__ void opener(volatile int *go)
{
    *go = 1;
}

void run(volatile int *d_go, float *d_params, float *d_out, const float *h_params)
{
    cudaMemcpy(d_params, h_params, 32 * sizeof(float), cudaMemcpyHostToDevice);
    gated<<<1, 32>>>(d_go, d_params, d_out);
    opener<<<1, 1>>>(d_go);
}
