// CL4001 positive: Block barrier that orders no memory access of one thread against another's
// TODO: the smallest kernel that shows the bad pattern, each line the
// rule must report marked as the store below is. The skeleton reports
// nothing, so testdata.CL4001 fails here until the check is written.
__global__ void kernel(int *out)
{
    out[threadIdx.x] = 0; // expect: CL4001
}
