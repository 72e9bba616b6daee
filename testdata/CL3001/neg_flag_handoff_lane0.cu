// One thread publishes a value through a volatile flag: it writes the
// data, fences, sets the flag; every thread spins on the flag and then
// reads the data. Neither the flag nor the data is a CL3001 race (the
// poll is CL2002's).
__global__ void k(const float *in, float *out)
{
	__shared__ float data;
	__shared__ volatile int ready;
	if (threadIdx.x == 0)
		ready = 0;
	__syncthreads();
	if (threadIdx.x == 0) {
		data = in[blockIdx.x];
		__threadfence_block();
		ready = 1;
	}
	while (ready == 0) // expect: CL2002
		;
	out[blockIdx.x * blockDim.x + threadIdx.x] = data;
}
