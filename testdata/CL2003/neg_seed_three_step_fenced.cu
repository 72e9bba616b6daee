// CL2003 negative: the seed's three-step producer (data, __threadfence(),
// atomicExch) with a consumer that also fences after its atomic poll. The
// release side is ordered by the fence.
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
