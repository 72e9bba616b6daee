// Members are different memory: thread 0 sets st.count while every thread
// reads back its own st.vals element.
struct storage { float vals[256]; int count; };
__global__ void k(const float *in, float *out)
{
	__shared__ storage st;
	st.vals[threadIdx.x] = in[threadIdx.x];
	if (threadIdx.x == 0)
		st.count = 1;
	out[threadIdx.x] = st.vals[threadIdx.x];
}
