// The slices of a 3-D block (threadIdx.z) each copy the same weights into
// shared memory: threads of different slices store what they loaded from
// the same bytes of a `const` input, one value, which is no race. The
// same through a struct, and through a packed type built in a template
// from the loaded bits (a constructor with no body in the pattern).
#include <cstring>

__global__ void copy_weights(const float *w, float *out)
{
	__shared__ float s[64];
	int c = threadIdx.x + 8 * threadIdx.y;
	s[c] = w[c];
	__syncthreads();
	out[threadIdx.z * 64 + c] = s[63 - c] * threadIdx.z;
}

struct F4 { float a, b, c, d; };

__global__ void copy_structs(const F4 *__restrict__ w, float *out)
{
	__shared__ F4 s[64];
	int c = threadIdx.x + 8 * threadIdx.y;
	s[c] = w[c];
	__syncthreads();
	out[threadIdx.z * 64 + c] = s[63 - c].a * threadIdx.z;
}

template <class T> struct alignas(16) Packed {
	Packed() = default;
	__device__ explicit Packed(int4 b) { memcpy(&v, &b, sizeof(b)); }
	static constexpr int size = 16 / sizeof(T);
	T v[size];
};
template <class T> __device__ Packed<T> load_packed(const T *a)
{
	return Packed<T>{*reinterpret_cast<const int4 *>(a)};
}

__global__ void copy_packed(const float *w, float *out, int n)
{
	extern __shared__ char params[];
	Packed<float> *s = reinterpret_cast<Packed<float> *>(params);
	int first = (threadIdx.x + 32 * threadIdx.y) * Packed<float>::size;
	for (int c = first; c < n; c += blockDim.y * 32 * Packed<float>::size)
		s[c / Packed<float>::size] = load_packed(w + c);
	__syncthreads();
	out[threadIdx.z * 64 + first] = s[0].v[0] * threadIdx.z;
}
