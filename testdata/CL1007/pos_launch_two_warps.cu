// CL1007 positive: launched with 48 threads, so the first warp has 32
// lanes and the mask of its first 16 leaves lanes 16-31 out; the second
// warp's 16 lanes fit the mask, but the first warp's do not.
__global__ void half_sum(int *out)
{
	int r = __reduce_add_sync(0x0000ffffu, (int)threadIdx.x); // expect: CL1007 "runs in lanes 16-31"
	out[threadIdx.x] = r;
}

void run(int *out) { half_sum<<<1, 48>>>(out); }
