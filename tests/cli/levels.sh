#!/bin/sh
# Findings whose level the analysis decides: CL3001's warp-synchronous
# races (warnings; --warp-synchronous=note or `warp-synchronous: note`
# makes the volatile ones notes, rules/CL3001.md) and CL1003's early exits
# that leave nothing stale (notes, rules/CL1003.md); text, JSON and SARIF
# carry the level.
. "$(dirname "$0")/lib.sh"
cat >warp.cu <<'CU'
__device__ void last_warp(volatile float *s, unsigned t)
{
	s[t] += s[t + 32];
	s[t] += s[t + 16];
}

__global__ void sum(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32)
		last_warp(s, t);
	if (t == 0)
		out[blockIdx.x] = s[0];
}

void run(const float *in, float *out)
{
	sum<<<1, 64>>>(in, out);
}
CU
cat >plain.cu <<'CU'
__global__ void sum(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32) {
		float v = s[t] + s[t + 16];
		s[t] = v;
		v += s[t + 8];
		s[t] = v;
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

void run(const float *in, float *out)
{
	sum<<<1, 64>>>(in, out);
}
CU
cat >exit.cu <<'CU'
__global__ void scale(float *x, int n)
{
	__shared__ float s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	s[threadIdx.x] = x[i];
	__syncthreads();
	x[i] = 2.0f * s[threadIdx.x];
}
CU

say "warp-synchronous races are warnings by default; the volatile ones become notes with --warp-synchronous=note"
run --no-cuda-toolkit -q warp.cu
run --no-cuda-toolkit -q --warp-synchronous=note warp.cu
run --no-cuda-toolkit -q --warp-synchronous=warning warp.cu

say "without volatile the steps were wrong on every GPU: they stay warnings"
run --no-cuda-toolkit -q --warp-synchronous=note plain.cu

say "the configuration's warp-synchronous: key; the command line overrides it"
printf 'warp-synchronous: note\n' >.cudalint.yaml
quiet --no-cuda-toolkit warp.cu
quiet --no-cuda-toolkit --fail-on=note warp.cu
"$CUDALINT" --no-cuda-toolkit --show-config warp.cu 2>&1 | grep '^warp-synchronous:' >>"$TR"
quiet --no-cuda-toolkit --warp-synchronous=warning warp.cu
printf 'warp-synchronous: off\n' >.cudalint.yaml
run --no-cuda-toolkit warp.cu
rm .cudalint.yaml

say "a bad value"
run --no-cuda-toolkit --warp-synchronous=quiet warp.cu

say "an early exit that leaves nothing stale is a note: exit status 0, 1 with --fail-on=note"
run --no-cuda-toolkit -q exit.cu
quiet --no-cuda-toolkit --fail-on=note exit.cu

say "JSON and SARIF carry the levels: the two findings are notes (SARIF's rules list their default levels too)"
"$CUDALINT" --no-cuda-toolkit --format=json --warp-synchronous=note warp.cu exit.cu >report.json 2>/dev/null
grep -o '"level": *"[a-z]*"' report.json | sort | uniq -c >>"$TR"
"$CUDALINT" --no-cuda-toolkit --format=sarif --warp-synchronous=note warp.cu exit.cu >report.sarif 2>/dev/null
grep -o '"level": *"[a-z]*"' report.sarif | sort | uniq -c >>"$TR"
check 'grep -q "\"level\": *\"note\"" report.json' "JSON: no note-level finding"
finish
