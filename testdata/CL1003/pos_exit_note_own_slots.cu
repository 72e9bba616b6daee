// An early return that only removes threads whose data nobody reads: the
// threads past the row's end leave, and each thread that stays reads back
// only the slot it wrote itself. Reported as a note: it relies on exited
// threads counting as arrived (sm_70 and later), which works here.
__global__ void scale_rows(float *x, int n)
{
	__shared__ float s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	s[threadIdx.x] = x[i];
	__syncthreads(); // expect: CL1003 "relies on exited threads counting as arrived"
	x[i] = 2.0f * s[threadIdx.x];
}
