// CL1004 positive: the measured H200 case. __shfl_sync(0xffffffff, ...) inside
// `if (lane < 16)`: the mask names all 32 lanes but only the lower half-warp
// executes the shuffle, so the source lanes 16..31 never take part (on sm_90
// the shuffle returned 0 instead of the neighbour's value; synccheck silent).
__global__ void half_warp_sum(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    if (lane < 16) {
        v += __shfl_sync(0xffffffff, v, lane + 16); // expect: CL1004
    }
    out[i] = v;
}
