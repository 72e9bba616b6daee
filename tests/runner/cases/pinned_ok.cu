// Pins that hold: the column, a fragment of the message, and the notes.
__global__ void k(float *d)
{
	if (threadIdx.x < 32) // expect-note: @6 "differs between the warps"
		__syncthreads(); // expect: CL1001@3 "threadIdx.x < 32"
}
