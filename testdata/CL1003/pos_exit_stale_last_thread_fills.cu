// The twin of pos_exit_note_first_thread_fills.cu with the last thread
// filling `buf`: it is the first to leave, and the threads that stay read
// a value nobody wrote.
__global__ void uniform_add_last(int *data, const int *partial, int len)
{
	__shared__ int buf;
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	if (id > len)
		return;
	if (threadIdx.x == blockDim.x - 1)
		buf = partial[blockIdx.x];
	__syncthreads(); // expect: CL1003 "never write `buf` (line 11), which `buf` (line 13) reads after a barrier"
	data[id] += buf;
}
