// A loop that counts with an atomic on its own condition's variable is not
// waiting for another thread, and the atomicAdd publishes nothing: the
// data written in the loop is never read because of `hits`.
__device__ int hits;

__global__ void k(float *data, float *trash, int n, int size)
{
	unsigned r = threadIdx.x;
	atomicExch(&hits, 0);
	__syncthreads();
	while (hits < n) {
		r ^= r << 13;
		if (r & 1)
			data[r % size] += 1.0f;
		else
			trash[r % size] += 1.0f;
		atomicAdd(&hits, 1);
	}
}
