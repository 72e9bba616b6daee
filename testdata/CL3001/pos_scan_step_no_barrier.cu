// CL3001 positive: the first step of a Hillis-Steele scan without a barrier
// between publishing s[tid] and reading the predecessor's s[tid - 1].
__global__ void scan_step(const int *in, int *out)
{
    __shared__ int s[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    int v = in[i];
    s[tid] = v;
    if (tid >= 1)
        v += s[tid - 1]; // expect: CL3001
    out[i] = v;
}
