// CL1004 negative: warp-aggregated stream compaction. Inside the divergent
// `if (keep)` the mask comes from __activemask(), so the broadcast names only
// the lanes that are actually there.
__global__ void compact(const int *in, int *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = i < n ? in[i] : 0;
    bool keep = v > 0;
    if (keep) {
        unsigned m = __activemask();
        int leader = __ffs(m) - 1;
        int rank = __popc(m & ((1u << lane) - 1));
        int base = 0;
        if (lane == leader)
            base = atomicAdd(count, __popc(m));
        base = __shfl_sync(m, base, leader);
        out[base + rank] = v;
    }
}
