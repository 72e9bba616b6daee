// CL1004 positive: a constexpr full mask (~0u), and the collective sits on the
// right-hand side of `&&` whose left operand (`lane < n`) differs between lanes:
// short-circuiting lanes never evaluate __all_sync.
constexpr unsigned kAllLanes = ~0u;

__global__ void all_small(const int *in, int *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool ok = lane < n && __all_sync(kAllLanes, in[i] < 100); // expect: CL1004
    flags[i] = ok ? 1 : 0;
}
