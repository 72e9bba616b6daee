// CL2004 positive: the seed article's "standard three-step" as printed.
// The producer is right (data, __threadfence(), atomicExch), but the
// consumer reads *data right after its relaxed atomicAdd(flag, 0) poll with
// no fence: the acquire side is missing (the H200 litmus needed fences on
// both sides to get 0 stale reads).
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
        int v = *data; // expect: CL2004
        printf("data=%d\n", v);
    }
}
