// A member of a __shared__ struct: every thread writes st.vals[tid] and
// then reads st.vals[0], thread 0's element, without a barrier.
struct storage { float vals[256]; int count; };
__global__ void k(const float *in, float *out)
{
	__shared__ storage st;
	st.vals[threadIdx.x] = in[threadIdx.x];
	out[threadIdx.x] = st.vals[0]; // expect: CL3001
}
