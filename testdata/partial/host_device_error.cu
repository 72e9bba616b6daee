// __host__ __device__ functions are device code.
__host__ __device__ int both(int x) // expect: unanalysed
{
	return x * missing_scale;
}

__host__ int host_only(int x)
{
	return x * missing_scale;
}
