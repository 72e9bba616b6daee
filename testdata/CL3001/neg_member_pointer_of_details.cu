// CL3001 negative: the details twin with a barrier between the write and
// the neighbour's read, and the parameter struct's output written at each
// thread's own element.
struct Details { float *warpscan; int n; };
__device__ float scan_step(Details &details, float v)
{
	details.warpscan[threadIdx.x] = v;
	__syncthreads();
	return details.warpscan[threadIdx.x + 1];
}
struct Params { float *out; const float *in; };
__global__ void store(Params *p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	p->out[i] = p->in[i];
}
