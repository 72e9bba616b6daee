// `if (id > len) return;` leaves the threads of the largest ids, so when
// thread 0 leaves, every thread of the block does: the thread that fills
// `buf` always stays for the others. A note, not a warning.
__global__ void uniform_add(int *data, const int *partial, int len)
{
	__shared__ int buf;
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	if (id > len)
		return;
	if (threadIdx.x == 0)
		buf = partial[blockIdx.x];
	__syncthreads(); // expect: CL1003 "no thread that stays reads shared memory the leavers were to write"
	data[id] += buf;
}
