// CL1004 positive: the bounds-check early return. Lanes with i >= n return
// (n is not known to be a multiple of 32, so the last warp splits), then the
// remaining lanes call __ballot_sync with a full mask that still names the
// lanes that already left.
__global__ void count_positive(const int *in, int *warp_counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned b = __ballot_sync(0xffffffff, in[i] > 0); // expect: CL1004
    if ((threadIdx.x & 31) == 0)
        warp_counts[i / 32] = __popc(b);
}
