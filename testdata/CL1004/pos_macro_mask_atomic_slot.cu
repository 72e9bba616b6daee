// CL1004 positive: the full mask comes from a macro (FULL_MASK), and the branch
// condition is the result of an atomicAdd (each lane gets its own ticket), so
// only the lanes whose ticket is below the capacity execute the shuffle.
#define FULL_MASK 0xffffffffu

__global__ void bounded_broadcast(int *counter, const int *in, int *out, int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int slot = atomicAdd(counter, 1);
    int x = in[i];
    if (slot < cap)
        x = __shfl_sync(FULL_MASK, x, 0); // expect: CL1004
    out[i] = x;
}
