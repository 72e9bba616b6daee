// CL2003 negative (ScoR reduction, cut down): each thread resets its lock
// slot to 0 after storing its value; every poll waits for 1, so the reset
// publishes nothing (the later atomicExch of 1 is fenced).
__device__ void step(volatile float *vals, int *lock, float v, unsigned tid)
{
    vals[tid] = v;
    lock[tid] = 0;
    __syncthreads();
    if (tid >= 32 && tid < 64) {
        vals[tid] = v * 2.0f;
        __threadfence_block();
        atomicExch_block(&lock[tid], 1);
    }
    if (tid < 32) {
        while (atomicAdd_block(&lock[tid + 32], 0) != 1) {
        }
        __threadfence_block();
        vals[tid] = v + vals[tid + 32];
    }
}

__global__ void reduce(volatile float *vals, int *locks, const float *in)
{
    step(&vals[blockIdx.x * 64], &locks[blockIdx.x * 64], in[threadIdx.x], threadIdx.x);
}
