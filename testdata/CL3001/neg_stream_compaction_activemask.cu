// CL3001 negative: block-level stream compaction. A shared counter is reset by
// thread 0 before a barrier, bumped only with atomics (atomics never race), the
// compacted elements go to data-dependent slots, and everything is read back
// after barriers. Warp aggregation uses __activemask().
__global__ void compact(const int *in, int *out, int *global_count, int n)
{
    __shared__ int s_count;
    __shared__ int s_base;
    __shared__ int s_out[256];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int i = blockIdx.x * 256 + tid;
    if (tid == 0)
        s_count = 0;
    __syncthreads();
    int v = i < n ? in[i] : 0;
    if (v > 0) {
        unsigned m = __activemask();
        int leader = __ffs(m) - 1;
        int rank = __popc(m & ((1u << lane) - 1));
        int base = 0;
        if (lane == leader)
            base = atomicAdd(&s_count, __popc(m));
        base = __shfl_sync(m, base, leader);
        s_out[base + rank] = v;
    }
    __syncthreads();
    if (tid == 0)
        s_base = atomicAdd(global_count, s_count);
    __syncthreads();
    if (tid < s_count)
        out[s_base + tid] = s_out[tid];
}
