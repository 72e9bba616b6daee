// CL2003 positive (NVIDIA/cccl PR 10627, agent_topk): every thread stores its
// part and calls __threadfence(), then thread 0 takes the last-block ticket
// with no __syncthreads() in between. A fence orders only its own thread's
// stores: thread 0 may take the ticket before the other threads have even
// stored, and the last block then sums stale parts.
__device__ unsigned int g_done;

__global__ void parts(const float *in, float *part, float *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i] * 2.0f;
    __threadfence();
    if (threadIdx.x == 0) {
        unsigned t = atomicInc(&g_done, gridDim.x); // expect: CL2003@22 "other threads' stores to `part[i]`"
        if (t == gridDim.x - 1) {
            __threadfence();
            float s = 0.0f;
            for (unsigned j = 0; j < gridDim.x * blockDim.x; j++)
                s += part[j];
            *out = s;
        }
    }
}
