#!/bin/sh
# Functions analysed in part (docs/cli.md "What could not be analysed"):
# the block simulation stops at a construct it does not follow; the
# function is listed as "partly analysed" with the reason in JSON, as a
# SARIF notification and, with -v, on stderr; the exit status does not
# change.
. "$(dirname "$0")/lib.sh"

cat >tail.cu <<'CU'
__global__ void skip_tail(float *d)
{
	__shared__ float s[256];
	s[threadIdx.x] = d[threadIdx.x];
	__syncthreads();
	if (d[0] > 0)
		goto out;
	d[threadIdx.x] = s[255 - threadIdx.x];
out:
	d[256 + threadIdx.x] = 0;
}

__global__ void whole(float *d)
{
	__shared__ float s[256];
	s[threadIdx.x] = d[threadIdx.x];
	__syncthreads();
	d[threadIdx.x] = s[255 - threadIdx.x];
}
CU
say "no finding: nothing printed, exit status 0"
run --no-cuda-toolkit tail.cu
say "-v names the function, where the simulation stopped and why"
run --no-cuda-toolkit -v tail.cu
say "JSON: files[].functions[], one entry per device function"
run --no-cuda-toolkit --format=json tail.cu
say "SARIF: a note among the tool's notifications, not a result"
quiet --no-cuda-toolkit --format=sarif -o tail.sarif tail.cu
check 'grep -q "device function '"'"'skip_tail'"'"' was partly analysed: the block simulation stopped at line 7 (a goto)" tail.sarif' \
	"SARIF lacks the notification"
check '[ "$(grep -c "was partly analysed" tail.sarif)" = 1 ] && grep -A1 "\"results\": \[" tail.sarif | grep -q "^ *\]"' \
	"SARIF: one notification, and no result"
cat >worlds.cu <<'CU'
/* four flags every thread reads after a barrier: block-uniform, unknown */
#define FLAGS \
	__shared__ int flag[4]; \
	__shared__ float s[256]; \
	if (threadIdx.x < 4) \
		flag[threadIdx.x] = w[threadIdx.x]; \
	__syncthreads(); \
	s[threadIdx.x] = d[threadIdx.x];
#define WAY(k) { __syncthreads(); d[threadIdx.x] = s[255 - k - threadIdx.x]; }

__global__ void picks(float *d, const int *w)
{
	FLAGS
	if (flag[0]) WAY(0)
	if (flag[1]) WAY(1)
	if (flag[2]) WAY(2)
	if (flag[3]) WAY(3)
}

__global__ void three(float *d, const int *w)
{
	FLAGS
	if (flag[0]) WAY(0)
	if (flag[1]) WAY(1)
	if (flag[2]) WAY(2)
}

__global__ void nested(float *d, const int *w)
{
	FLAGS
	if (flag[0]) WAY(0)
	else if (flag[1]) { __syncthreads(); WAY(1) }
	else if (flag[2]) WAY(2)
}

__global__ void nested4(float *d, const int *w)
{
	FLAGS
	if (flag[0]) WAY(0)
	else if (flag[1]) { __syncthreads(); WAY(1) }
	else if (flag[2]) WAY(2)
	else if (flag[3]) WAY(3)
}
CU
say "block-uniform branches it cannot decide, a barrier in one way: a run per way, three such at most"
run --no-cuda-toolkit -v worlds.cu
say "through worker processes and the result cache: the same"
cp tail.cu other.cu
quiet --no-cuda-toolkit tail.cu other.cu
run --no-cuda-toolkit -v -j 2 tail.cu other.cu
finish
