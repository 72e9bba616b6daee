// CL1004 positive: __match_any_sync with a full mask in one case of a switch
// on a lane-varying value (lane % 4). Only a quarter of the lanes reach it.
__global__ void group_keys(const int *keys, unsigned *peers)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    unsigned m = 0;
    switch (lane % 4) {
    case 0:
        m = __match_any_sync(0xffffffff, keys[i]); // expect: CL1004
        break;
    default:
        m = 1u << lane;
        break;
    }
    peers[i] = m;
}
