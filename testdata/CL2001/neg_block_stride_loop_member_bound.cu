// A block-stride loop whose bound is read from memory is counted, not a
// spin-wait: the increment moves `stage`, so the loop ends by itself.
struct Policy { int stages; int threads; };

__global__ void k(const Policy *policy, float *bars)
{
	for (int stage = threadIdx.x; stage < policy->stages; stage += policy->threads)
		bars[stage] = 0.0f;
}
