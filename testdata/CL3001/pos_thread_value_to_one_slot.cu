// Every thread stores its own value to one __shared__ element: a read sees
// some other thread's value.
__global__ void k(float *out)
{
	__shared__ float last;
	last = (float)threadIdx.x;
	out[threadIdx.x] = last; // expect: CL3001
}
