// Pins that do not hold: each is reported, with what was printed.
__global__ void k(float *d)
{
	if (threadIdx.x < 32) // expect-note: "no such note"
		__syncthreads(); // expect: CL1001@4 "blockIdx"
}
