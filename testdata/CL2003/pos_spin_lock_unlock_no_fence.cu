// CL2003 positive: a spin lock taken correctly (atomicCAS then
// __threadfence()) but released with atomicExch(lock, 0) straight after the
// critical section's stores. The next owner may see the lock free before it
// sees the updated counter.
__global__ void locked_update(int *lock, int *counter)
{
    if (threadIdx.x == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
        __threadfence();
        *counter = *counter + 1;
        atomicExch(lock, 0); // expect: CL2003
    }
}
