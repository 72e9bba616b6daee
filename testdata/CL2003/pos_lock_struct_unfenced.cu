// CL2003 + CL2004 positive: the classic lock of a struct whose lock() and
// unlock() members have no fences. Block 0 and the other blocks take it,
// so the counter it guards is handed across blocks with nothing ordering
// it: the release does not follow the store, the read does not follow the
// acquire.
struct Lock {
    int *mutex;
    __device__ void lock() { while (atomicCAS(mutex, 0, 1) != 0); }
    __device__ void unlock() { atomicExch(mutex, 0); }
};

__global__ void count(Lock l, int *counter)
{
    if (threadIdx.x == 0) {
        l.lock();
        int c = *counter; // expect: CL2004
        *counter = c + 1;
        l.unlock(); // expect: CL2003
    }
}
