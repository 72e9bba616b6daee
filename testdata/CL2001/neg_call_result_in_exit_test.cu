// A local the exit test reads holds a call's result, not a load: the
// memory the call's arguments read (allocations[0]) is not polled (cub's
// dispatch_select_if partition loop).
struct State { __host__ __device__ int Init(int n, void *storage); };
__host__ __device__ int run(void **allocations, int parts)
{
	int error = 0;
	for (int i = 0; i < parts; i++) {
		State s;
		error = s.Init(i, allocations[0]);
		if (error != 0)
			return error;
	}
	return error;
}
