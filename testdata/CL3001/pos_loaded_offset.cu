// An offset loaded from memory is unknown but the same in every thread:
// thread 0 writes the counter at buf[*limit], everyone reads it back.
__global__ void tail(int *out, const int *limit)
{
	__shared__ int buf[512];
	int *count = (int *)&buf[*limit];
	if (threadIdx.x == 0)
		*count = 7;
	out[threadIdx.x] = *count; // expect: CL3001 "reads __shared__ memory"
}
