#!/bin/sh
# extends: a .cudalint.yaml built on another, as ruff's `extend`. Without
# it a nearer file replaces the one above (config.sh); with it, the
# child's rules:/severity:/per-file-ignores: entries come after the
# parent's, its other keys replace the parent's, and paths stay relative
# to the file that wrote them. Chains work; a cycle is an error.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/a/b proj/a/tests proj/generated proj/a/generated proj/include
cat "$CLI/inputs/kernels/barrier.cu" "$CLI/inputs/kernels/loop.cu" >proj/a/b/k.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/a/tests/t.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/a/generated/gen.cu
cat >proj/.cudalint.yaml <<'Y'
rules:
  "CL100*": off
severity:
  CL1002: error
exclude: [generated]
per-file-ignores:
  "a/tests/**": [CL1001]
fail-on: error
Y
cat >proj/a/.cudalint.yaml <<'Y'
extends: ../.cudalint.yaml
rules:
  CL1001: on      # after the parent's "CL100*": off, so it wins
  CL1002: on
fail-on: warning  # replaces the parent's
Y

say "CL1001 and CL1002 back on (CL1002 at the parent's level); the parent's exclude and per-file-ignores (relative to proj) apply"
run --no-cuda-toolkit proj/a
say "fail-on: warning is the child's: a warning makes the exit status 1"
run --no-cuda-toolkit --disable CL1002 proj/a/b/k.cu

say "a chain of three: proj/a/b extends proj/a, which extends proj"
printf 'extends: ../.cudalint.yaml\nseverity:\n  CL1002: note\nfail-on: note\n' >proj/a/b/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu

say "a child's exclude: replaces the parent's: b/generated is analysed, b/only is not"
printf 'extends: ../.cudalint.yaml\nexclude: [only]\n' >proj/a/b/.cudalint.yaml
mkdir -p proj/a/b/generated proj/a/b/only
cp "$CLI/inputs/kernels/barrier.cu" proj/a/b/only/x.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/a/b/generated/g.cu
run --no-cuda-toolkit --disable CL1002 proj/a/b
rm -r proj/a/b/.cudalint.yaml proj/a/b/generated proj/a/b/only

say "clang-args of a parent stay relative to the parent's directory"
printf '#pragma once\n#define GUARD(c) if (c)\n' >proj/include/guard.cuh
printf '#include <guard.cuh>\n__global__ void k(float *d)\n{\n\tGUARD(threadIdx.x < 32)\n\t\t__syncthreads();\n}\n' >proj/a/b/inc.cu
printf 'clang-args: [-Iinclude]\nrules:\n  CL1001: on\n' >proj/base.yaml
printf 'extends: ../../base.yaml\n' >proj/a/b/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/inc.cu

say "--config FILE follows its extends: too"
printf 'extends: proj/base.yaml\nseverity:\n  CL1001: note\n' >top.yaml
run --no-cuda-toolkit --config top.yaml proj/a/b/inc.cu

say "errors: a missing parent, a bad parent (named itself), a cycle (every file named), a list"
printf 'extends: ../nowhere.yaml\n' >proj/a/b/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
printf 'extends: ../../base.yaml\n' >proj/a/b/.cudalint.yaml
printf 'rulez: {}\n' >proj/base.yaml
run --no-cuda-toolkit proj/a/b/k.cu
printf 'extends: ../.cudalint.yaml\n' >proj/a/b/.cudalint.yaml
printf '# a cycle\nextends: a/.cudalint.yaml\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/a/b/k.cu
cp "$CLI/inputs/kernels/barrier.cu" proj/top.cu
printf 'extends: .cudalint.yaml\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/top.cu
printf 'extends: [a.yaml, b.yaml]\n' >proj/.cudalint.yaml
run --no-cuda-toolkit proj/top.cu

say "a long cycle is named whole, its middle shortened (60 files with 90-character names; shown here with each name's x...x as L)"
mkdir cycle
L=$(awk 'BEGIN { for (i = 0; i < 90; i++) printf "x" }')
i=1
while [ $i -le 60 ]; do
	printf 'extends: c%02d_%s.yaml\n' $((i % 60 + 1)) "$L" >"cycle/c$(printf %02d $i)_$L.yaml"
	i=$((i + 1))
done
quiet --no-cuda-toolkit --config "cycle/c01_$L.yaml" proj/top.cu
sed "s/$L/L/g" "$T/err" >>"$TR"
check '[ "$(wc -l <"$T/err")" = 1 ]' "the cycle message is not one line"
check 'grep -q "extends makes a cycle: cycle/c01_$L.yaml -> cycle/c02_$L.yaml -> .* -> cycle/c60_$L.yaml -> cycle/c01_$L.yaml\$" "$T/err"' "the cycle message does not run from c01 back to c01"
finish
