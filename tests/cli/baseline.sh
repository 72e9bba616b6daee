#!/bin/sh
# --write-baseline / --baseline: findings keep matching when lines move,
# new findings are reported, entries of fixed findings are stale.
. "$(dirname "$0")/lib.sh"
input kernels

say "write a baseline: the findings are recorded, none is reported, exit status 0"
run --no-cuda-toolkit --write-baseline base.json kernels
show base.json

say "a line inserted at the top of each file: still 0 new findings"
for f in kernels/barrier.cu kernels/loop.cu kernels/exit.cu; do
	{ echo '// a new first line'; cat "$f"; } >"$T/tmp" && cat "$T/tmp" >"$f"
done
run --no-cuda-toolkit --baseline base.json kernels
say "--report-suppressed shows them, marked as in the baseline"
run --no-cuda-toolkit --baseline base.json --report-suppressed kernels

say "exit.cu fixed: its entry is stale (stderr); exit status 0"
cat "$CLI/inputs/kernels/clean.cu" >kernels/exit.cu
run --no-cuda-toolkit --baseline base.json kernels
say "a run over part of the tree: entries of the files it leaves out are not stale"
run --no-cuda-toolkit --baseline base.json kernels/barrier.cu

say "a new bug: 1 new finding, exit status 1"
cat >>kernels/loop.cu <<'CU'

__global__ void new_bug(float *data)
{
	if (threadIdx.x == 0)
		__syncthreads();
}
CU
run --no-cuda-toolkit --baseline base.json kernels
say "the same in JSON: only the new finding"
run --no-cuda-toolkit --baseline base.json --format=json kernels

say "refresh: --baseline and --write-baseline the same file"
run --no-cuda-toolkit --baseline base.json --write-baseline base.json kernels
show base.json
run --no-cuda-toolkit --baseline base.json kernels

say "a baseline that cannot be read: exit status 2"
run --no-cuda-toolkit --baseline missing.json kernels
echo '{"version": 1, "findings": [' >bad.json
run --no-cuda-toolkit --baseline bad.json kernels
finish
