// Every thread stores its own index to one element: the threads write
// different values with nothing ordering them (a write-write race).
__global__ void k(int *out)
{
	__shared__ int last[4];
	last[0] = threadIdx.x; // expect: CL3001 "different values"
}
