#!/bin/sh
# Launch configurations (docs/cli.md "Launch configurations"): what
# --dump-launches finds in host code (<<<>>> with dim3 values and
# constants, cudaLaunchKernel, cudaLaunchKernelEx, __launch_bounds__), the
# constant arguments of a host function that launches, the
# launches: key of a configuration for a kernel launched from elsewhere,
# and a race that only the launch's block shape has, reported citing it.
. "$(dirname "$0")/lib.sh"
cat >host.cu <<'K'
#define TILE 16
__global__ void rotate(float *out)
{
	__shared__ float s[256];
	int lin = threadIdx.y * blockDim.x + threadIdx.x;
	s[lin] = out[lin];
	out[lin] = s[(lin + 128) % 256];
}

__global__ void __cluster_dims__(2, 1, 1) pairs(float *d) { d[threadIdx.x] = 0; }

__global__ void __launch_bounds__(128) scale(float *d, int n)
{
	d[blockIdx.x * blockDim.x + threadIdx.x] *= n;
}

static void launch_rows(float *d, int n, int threads)
{
	scale<<<n / threads, threads>>>(d, 4);
}

void run(float *d, int n)
{
	launch_rows(d, n, 128);
	dim3 block(TILE, TILE);
	dim3 grid((n + TILE - 1) / TILE, 1);
	rotate<<<grid, block>>>(d);
	scale<<<n / 128, 128, 0>>>(d, 4);
	void *args[] = { &d, &n };
	cudaLaunchKernel((void *)scale, dim3(n / 128), dim3(128), args, 0, 0);
	cudaLaunchCooperativeKernel((const void *)&scale, 16, 128, args);
	cudaLaunchConfig_t cfg = {};
	cfg.gridDim = dim3(8);
	cfg.blockDim = dim3(128);
	cudaLaunchKernelEx(&cfg, scale, d, 4);
}
K
say "the launches of host.cu, and the race only 16x16 blocks have"
run --dump-launches --no-cache host.cu
say "blocks that are not known: a member written later, a loop, a launcher called with two sizes, five shapes"
cat >unknown.cu <<'K'
__global__ void k(float *d) { d[threadIdx.x] = 0; }
__global__ void many(float *d) { d[threadIdx.x] = 0; }
static void launch(float *d, int threads) { k<<<1, threads>>>(d); }
void run(float *d, int n)
{
	dim3 b(16);
	b.y = 4;
	k<<<1, b>>>(d);
	for (int bs = 32; bs <= 1024; bs *= 2)
		k<<<n / bs, bs>>>(d);
	launch(d, 64);
	launch(d, 128);
	many<<<1, 32>>>(d);
	many<<<1, 64>>>(d);
	many<<<1, 96>>>(d);
	many<<<1, 128>>>(d);
	many<<<1, 160>>>(d);
}
K
run --dump-launches --no-cache unknown.cu
say "a kernel launched from elsewhere: the configuration says how"
sed '/^void run/,$d' host.cu >lib.cu
run --dump-launches --no-cache lib.cu
cat >.cudalint.yaml <<'Y'
launches:
  - kernel: rotate
    block: [16, 16]
    grid: 64
Y
run --dump-launches --no-cache lib.cu
run --show-config lib.cu
say "bad launches: entries"
printf 'launches:\n  - kernel: rotate\n' >.cudalint.yaml
run lib.cu
printf 'launches:\n  - kernel: rotate\n    block: [64, 32]\n' >.cudalint.yaml
run lib.cu
printf 'launches:\n  - kernel: rotate\n    block: [16, 0]\n' >.cudalint.yaml
run lib.cu
printf 'launches:\n  - kernel: rotate\n    threads: 16\n' >.cudalint.yaml
run lib.cu
finish
