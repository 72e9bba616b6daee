// CL2004 positive: the producer fences right after its data store (so the
// release side is fine), but the fence does not immediately precede the
// atomicInc (a load of a host-written scale factor sits between them). The
// threadFenceReduction exemption is deliberately narrow: only a fence right
// before the ticket is accepted as covering the last block's reads, so the
// read of the partials after the ticket needs its own fence.
__device__ unsigned g_tickets;

__global__ void stats_then_ticket(float *partial, const float *scale, float *out)
{
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = 1.0f;
        __threadfence();
        float k = scale[0];
        unsigned t = atomicInc(&g_tickets, gridDim.x);
        if (t == gridDim.x - 1) {
            float s = 0.0f;
            for (unsigned b = 0; b < gridDim.x; b++)
                s += partial[b]; // expect: CL2004
            *out = s * k;
        }
    }
}
