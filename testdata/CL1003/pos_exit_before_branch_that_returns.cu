// CL1003 positive: the same kernel as neg_exit_inside_branch_that_returns.cu
// with the early return moved before the branch: the threads with
// threadIdx.x > n leave in every block, also in those that go on to the
// barrier, and never write the slots the others read after it.
__global__ void fixup(const int *ids, float *out, int n)
{
    __shared__ int slot[256];
    if (threadIdx.x > n)
        return;
    if (!ids) {
        out[threadIdx.x] += 1.0f;
        return;
    }
    slot[threadIdx.x] = ids[threadIdx.x];
    __syncthreads(); // expect: CL1003
    out[slot[255 - threadIdx.x]] += 1.0f;
}
