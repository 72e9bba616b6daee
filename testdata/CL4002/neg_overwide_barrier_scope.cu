// CL4002 negative: the fixed kernel; no finding.
// TODO: the same kernel with the fix applied, and more neg_*.cu files for
// the code the rule must leave alone.
__global__ void kernel(int *out)
{
    out[threadIdx.x] = 0;
}
