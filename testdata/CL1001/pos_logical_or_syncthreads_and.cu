// CL1001 positive: short-circuit || guarding a barrier. Lane 0 of every warp
// short-circuits and skips __syncthreads_and; the other lanes call it.
__global__ void all_valid(const int *v, int *out)
{
    unsigned lane = threadIdx.x % 32;
    int ok_in = v[blockIdx.x * blockDim.x + threadIdx.x] >= 0;
    bool ok = (lane == 0) || __syncthreads_and(ok_in); // expect: CL1001
    out[blockIdx.x * blockDim.x + threadIdx.x] = ok;
}
