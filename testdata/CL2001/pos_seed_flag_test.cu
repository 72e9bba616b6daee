// CL2001 positive: the seed article's flag_test. Block 1 polls *flag with a
// plain load that the compiler may hoist out of the loop (on an H200 it did:
// the consumer spun forever). The producer also publishes the flag with a
// plain store right after the data, with no __threadfence() (CL2003).
#include <cstdio>

__global__ void flag_test(int *data, int *flag)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            *data = 42;
            *flag = 1; // expect: CL2003
        }
    } else if (blockIdx.x == 1) {
        if (threadIdx.x == 0) {
            while (*flag != 1); // expect: CL2001
            printf("data=%d\n", *data);
        }
    }
}
