// CL2003 + CL2004 positive: the lock is a reference local bound to an
// element of the lock array; the atomics on it are atomics on locks[i],
// and neither side of the critical section is fenced.
__global__ void bump(int *locks, int *vals, int n)
{
    int i = blockIdx.x % n;
    int &l = locks[i];
    if (threadIdx.x == 0) {
        while (atomicCAS(&l, 0, 1) != 0) {
        }
        vals[i] = vals[i] + 1; // expect: CL2004
        atomicExch(&l, 0); // expect: CL2003
    }
}
