// An unknown type in a kernel's own declaration leaves it out too.
__global__ void k(UnknownType *p) // expect: unanalysed
{
	__syncthreads();
}
