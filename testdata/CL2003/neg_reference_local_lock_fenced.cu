// CL2003 + CL2004 negative: the reference-local lock with its fences.
__global__ void bump(int *locks, int *vals, int n)
{
    int i = blockIdx.x % n;
    int &l = locks[i];
    if (threadIdx.x == 0) {
        while (atomicCAS(&l, 0, 1) != 0) {
        }
        __threadfence();
        vals[i] = vals[i] + 1;
        __threadfence();
        atomicExch(&l, 0);
    }
}
