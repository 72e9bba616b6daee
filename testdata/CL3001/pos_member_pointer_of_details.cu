// A pointer member of a details struct passed by reference: every thread
// loads the same details.warpscan, writes its slot and reads its
// neighbour's, with no barrier; and a kernel's parameter struct whose
// output pointer every thread writes at out[blockIdx.x].
struct Details { float *warpscan; int n; };
__device__ float scan_step(Details &details, float v)
{
	details.warpscan[threadIdx.x] = v;
	return details.warpscan[threadIdx.x + 1]; // expect: CL3001 "through `details.warpscan`"
}
struct Params { float *out; const float *in; };
__global__ void store(Params *p)
{
	p->out[blockIdx.x] = p->in[threadIdx.x]; // expect: CL3001 "through `p->out`"
}
