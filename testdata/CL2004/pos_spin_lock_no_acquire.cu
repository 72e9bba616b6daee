// CL2004 positive: a spin lock acquired with while (atomicCAS(lock,0,1)!=0)
// and then the protected counter is read with no fence: the read may see a
// value older than the previous owner's update. The release side is right
// (__threadfence() before atomicExch).
__global__ void locked_inc(int *lock, int *counter)
{
    if (threadIdx.x == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
        int c = *counter; // expect: CL2004
        *counter = c + 1;
        __threadfence();
        atomicExch(lock, 0);
    }
}
