// CL2004 / CL2003 negative: a BFS frontier queue. atomicAdd on q_length
// only allocates the thread's own slot of q2, checked against the
// capacity; no thread reads what another wrote through it, and the store
// to dist before it publishes nothing.
__device__ int q_length;

__global__ void expand(const int *frontier, int n, int *q2, int *dist, int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int w = frontier[i];
        if (dist[w] < 0) {
            dist[w] = 1;
            int t = atomicAdd(&q_length, 1);
            if (t < cap)
                q2[t] = q2[t] + w;
        }
    }
}
