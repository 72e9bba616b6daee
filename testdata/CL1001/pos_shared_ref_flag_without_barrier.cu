// CL1001 positive: the reference-to-__shared__ flag is read without a
// barrier after thread 0's write, so some threads may still see the old
// value and skip the barrier inside.
__global__ void gated_racy(const int *in, float *x)
{
	__shared__ int flags[2];
	int &go = flags[1];
	if (threadIdx.x == 0)
		go = in[blockIdx.x];
	if (go) { // expect: CL3001
		x[threadIdx.x] *= 2.0f;
		__syncthreads(); // expect: CL1001
	}
}
