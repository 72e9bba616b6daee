// CL1002 positive: the same stop flag written through a reference to
// __shared__ memory, but read with no barrier after the write: the other
// threads may see the old value and stay in the loop one iteration longer
// than thread 0.
struct Queue { int done; int head; };
__global__ void drain_racy(const int *work, int *out, int n)
{
	__shared__ Queue q;
	Queue &s = q;
	for (int it = 0; it < n; it++) {
		if (threadIdx.x == 0)
			s.done = work[it] < 0;
		if (s.done) // expect: CL3001
			break;
		out[it * blockDim.x + threadIdx.x] = work[it];
		__syncthreads(); // expect: CL1002
	}
}
