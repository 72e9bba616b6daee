// CL2001 negative: a strlen-style scan; the address p[i] changes every
// iteration, so this reads a different element each time and is not a poll.
__global__ void find_end(const int *p, int *len)
{
    int i = 0;
    while (p[i] != 0)
        i++;
    *len = i;
}
