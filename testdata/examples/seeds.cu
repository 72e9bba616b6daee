// The bug patterns of the two articles cudalint's rules come from, as one
// file: `cudalint testdata/examples/seeds.cu` shows what each looks like.
// The expect: comments are what the test suite checks.

// The tile kernel where only thread (0,0) loads the tile and waits.
__global__ void naive_tile(const float *input, float *output, int width)
{
	__shared__ float tile[32][32];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * blockDim.y + ty;
	int col = blockIdx.x * blockDim.x + tx;
	if (tx == 0 && ty == 0) {
		for (int i = 0; i < 32; ++i)
			for (int j = 0; j < 32; ++j)
				tile[i][j] = input[(row + i) * width + (col + j)];
		__syncthreads(); // expect: CL1001
	}
	output[row * width + col] = tile[ty][tx] * 2.0f;
}

// A loop whose trip count differs per thread.
__global__ void varying_loop(float *data)
{
	for (int i = 0; i < threadIdx.x; i++) {
		data[i] += 1.0f;
		__syncthreads(); // expect: CL1002
	}
}

// An early return before the barrier.
__global__ void risky(int *data, int n)
{
	__shared__ int s[256];
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx >= n)
		return;
	s[threadIdx.x] = data[idx];
	__syncthreads(); // expect: CL1003
	data[idx] = s[(threadIdx.x + 1) % 256];
}

// Done right: the reduction with a block-uniform loop is not reported.
__global__ void reduce(const float *input, float *output, int n)
{
	__shared__ float sdata[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = (i < n) ? input[i] : 0.0f;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		output[blockIdx.x] = sdata[0];
}
