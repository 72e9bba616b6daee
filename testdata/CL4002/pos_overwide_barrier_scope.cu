// CL4002 positive: Block barrier whose ordered accesses all stay within one warp, where __syncwarp() suffices
// TODO: the smallest kernel that shows the bad pattern, each line the
// rule must report marked as the store below is. The skeleton reports
// nothing, so testdata.CL4002 fails here until the check is written.
__global__ void kernel(int *out)
{
    out[threadIdx.x] = 0; // expect: CL4002
}
