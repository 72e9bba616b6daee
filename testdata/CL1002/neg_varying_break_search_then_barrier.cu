// CL1002 negative: a per-thread linear search with a varying `break`, but no
// barrier inside the loop; the barrier after the loop is reached by all.
__global__ void find_keys(const int *table, const int *keys, int *pos, int n)
{
    __shared__ int found[256];
    int key = keys[blockIdx.x * 256 + threadIdx.x];
    int p = -1;
    for (int j = 0; j < n; ++j) {
        if (table[j] == key) {
            p = j;
            break;
        }
    }
    found[threadIdx.x] = p;
    __syncthreads();
    pos[blockIdx.x * 256 + threadIdx.x] = found[255 - threadIdx.x];
}
