// CL1002 negative: thread 0 writes the stop flag through a reference to a
// __shared__ struct; a barrier follows every write, so each thread reads
// the same flag and they all leave the loop at the same iteration. The
// store changes what the reference is bound to, not the reference.
struct Queue { int done; int head; };
__global__ void drain(const int *work, int *out, int n)
{
	__shared__ Queue q;
	Queue &s = q;
	for (int it = 0; it < n; it++) {
		if (threadIdx.x == 0)
			s.done = work[it] < 0;
		__syncthreads();
		if (s.done)
			break;
		out[it * blockDim.x + threadIdx.x] = work[it];
		__syncthreads();
	}
}
