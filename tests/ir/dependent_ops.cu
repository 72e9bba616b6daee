// A template's operators on a dependent type, where some overload of the
// operator is visible: clang keeps them as calls of no callee (a
// reference to the candidate operators between the operands); the IR has
// them as the assignments, operators and subscripts they spell. A
// dependent call `g<T>(x)` keeps the name it calls, and threadIdx.y
// spelled in a macro's body keeps its field.
struct v2 { float x, y; };
__device__ v2 &operator+=(v2 &a, const v2 &b);
__device__ v2 operator+(const v2 &a, const v2 &b);
__device__ v2 operator-(const v2 &a);
__device__ v2 &operator++(v2 &a);
__device__ v2 operator++(v2 &a, int);
template <class T>
__device__ T g(T a);
#define AT(i) p[(i) + blockDim.x * threadIdx.y]
template <class T>
__global__ void k(T *p, T *q)
{
	AT(5) = g<T>(q[2]);
	p[threadIdx.x] += q[0];
	p[0] = p[1] + q[1];
	T t = -p[2];
	++p[3];
	p[4]++;
}
