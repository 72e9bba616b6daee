// CL2004 negative: the seed's three-step pattern completed with a
// __threadfence() after the consumer's atomicAdd(flag, 0) poll: fences on
// both sides (0 stale reads on an H200).
#include <cstdio>

__global__ void producer_consumer(int *data, int *flag)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *data = 42;
        __threadfence();
        atomicExch(flag, 1);
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) != 1);
        __threadfence();
        printf("data=%d\n", *data);
    }
}
