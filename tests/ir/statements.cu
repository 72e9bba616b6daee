// Every statement kind and loop form, with a __shared__ array, a call,
// inline asm and a goto.
__device__ int helper(int x) { return x + 1; }

__global__ void statements(int *out, int n)
{
	__shared__ int s[64];
	for (int i = 0; i < n; i++)
		s[i % 64] = helper(i);
	int j = 0;
	while (j < n)
		j++;
	do {
		j--;
	} while (j > 0);
	switch (n) {
	case 1:
		break;
	default:
		goto done;
	}
	asm volatile("membar.gl;" ::: "memory");
done:
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x % 64];
}
