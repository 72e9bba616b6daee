// CL2004 negative: after the relaxed atomic poll the kernel reads a table
// that only the host fills (cudaMemcpy); no device code in the file stores
// it, so there is no device-side release to pair with.
__global__ void wait_and_lookup(int *go, const int *table, int *out)
{
    while (atomicAdd(go, 0) == 0) {
    }
    out[threadIdx.x] = table[threadIdx.x];
}

__global__ void release_go(int *go)
{
    atomicExch(go, 1);
}

void run(int *d_go, int *d_table, int *d_out, const int *h_table)
{
    cudaMemcpy(d_table, h_table, 32 * sizeof(int), cudaMemcpyHostToDevice);
    wait_and_lookup<<<1, 32>>>(d_go, d_table, d_out);
    release_go<<<1, 1>>>(d_go);
}
