// CL2001 negative (item a of the ordering issue): a search loop that counts
// to a bound and breaks when it finds the key. Its break condition reads
// memory the loop does not write, but the loop ends by itself after n
// rounds: it waits for no one.
__global__ void find(const int *keys, const int *want, int *pos, int n)
{
    int i = 0;
    for (; i < n; i++) {
        if (keys[0] == *want)
            break;
    }
    pos[blockIdx.x] = i;
}
