// A template's operators on a dependent type, where some overload of the
// operator is visible: clang keeps them as calls of no callee (a
// reference to the candidate operators between the operands); the IR has
// them as the assignments, operators and subscripts they spell.
struct v2 { float x, y; };
__device__ v2 &operator+=(v2 &a, const v2 &b);
__device__ v2 operator+(const v2 &a, const v2 &b);
__device__ v2 operator-(const v2 &a);
__device__ v2 &operator++(v2 &a);
__device__ v2 operator++(v2 &a, int);
template <class T>
__global__ void k(T *p, T *q)
{
	p[threadIdx.x] += q[0];
	p[0] = p[1] + q[1];
	T t = -p[2];
	++p[3];
	p[4]++;
}
