// The same counted loop in a class template, where `stage += stride` with
// a dependent stride is an operator call rather than an assignment.
template <typename P>
struct Agent {
	const P *policy;
	__device__ void init(float *bars)
	{
		for (int stage = threadIdx.x; stage < policy->stages; stage += policy->threads)
			bars[stage] = 0.0f;
	}
};
