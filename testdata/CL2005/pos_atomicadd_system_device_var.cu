// CL2005 positive (d): atomicAdd_system on a __device__ counter. The counter
// is device memory that no host or peer thread touches concurrently, so the
// system-scope atomic can be a plain (device-scope) atomicAdd.
__device__ unsigned long long g_hits;

__global__ void count_hits(const int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && v[i] > 0)
        atomicAdd_system(&g_hits, 1ull); // expect: CL2005
}
