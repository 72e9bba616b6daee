// The address of a callee's own local, used after the call returned
// (wrong code: clang warns). The run does not read the frame the next
// call reuses, which held 0 and made every thread write s[0]; before
// frames were reused, this read freed memory and crashed the worker.
__device__ int *own_local() { int x = threadIdx.x; return &x; }
__device__ int zero() { int y = 0; return y; }

__global__ void k(int *out)
{
	__shared__ int s[256];
	int *p = own_local();
	zero();
	s[*p] = threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x];
}
