// A template kernel whose pattern does not parse.
template <typename T>
__global__ void k(T *a) // expect: unanalysed
{
	a[threadIdx.x] = T(1) + not_there;
	__syncthreads();
}
