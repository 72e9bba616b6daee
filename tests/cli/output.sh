#!/bin/sh
# -o FILE: the report goes to FILE, written atomically (a temporary file
# renamed over it), and nothing else is left behind.
. "$(dirname "$0")/lib.sh"
input kernels
mkdir out

say "-o out/report.txt: nothing on stdout; the exit status is unchanged"
run --no-cuda-toolkit -o out/report.txt kernels
quiet --no-cuda-toolkit kernels
check "cmp -s '$T/out' out/report.txt" "-o out/report.txt differs from stdout"

say "JSON over an existing file; --output=FILE and -oFILE spellings"
echo 'old contents' >out/report.json
run --no-cuda-toolkit --format=json --output=out/report.json kernels/exit.cu
run --no-cuda-toolkit --format=json -oout/report2.json kernels/exit.cu
check "cmp -s out/report.json out/report2.json" "--output= and -oFILE differ"
quiet --no-cuda-toolkit --format=json kernels/exit.cu
check "cmp -s '$T/out' out/report.json" "-o report.json differs from stdout"

say "no temporary file is left behind"
ls -a out >>"$TR"

say "-o - is standard output"
run --no-cuda-toolkit -o - kernels/exit.cu

say "a directory that does not exist: exit status 2, nothing written"
run --no-cuda-toolkit -o no/such/dir/report.txt kernels

say "the report is written even when a file fails"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit --format=json -o out/failed.json broken.cu
show out/failed.json
ls -a out >>"$TR"

say "a report or baseline never replaces a file being analysed, however it is spelled"
cp kernels/barrier.cu victim.cu
ln -s victim.cu victim-link.cu
run --no-cuda-toolkit -o victim.cu victim.cu
run --no-cuda-toolkit -o victim-link.cu ./victim.cu
run --no-cuda-toolkit --write-baseline victim.cu .
cmp -s victim.cu kernels/barrier.cu && echo "victim.cu unchanged" >>"$TR"

say "nor any other file the run reads: a header (analysed, then a cache hit), a configuration and its extends: parent, the baseline, the compilation database, a response file; nor each other"
mkdir reads reads/sub reads/build
printf '__device__ int twice(int x)\n{\n\treturn 2 * x;\n}\n' >reads/inc.cuh
printf '#include "inc.cuh"\n__global__ void k(int *d)\n{\n\tif (threadIdx.x < 32)\n\t\t__syncthreads();\n\td[0] = twice(1);\n}\n' >reads/a.cu
cp reads/inc.cuh inc.orig
# older than a second, or the result cache would not store them
touch -d '1 hour ago' reads/inc.cuh reads/a.cu
export CUDALINT_CACHE_DIR="$T/cache"
run --no-cuda-toolkit -o reads/inc.cuh reads/a.cu
run --no-cuda-toolkit -j2 --write-baseline reads/inc.cuh reads/a.cu kernels/exit.cu
run --no-cuda-toolkit -o out/cached.txt reads/a.cu
run --no-cuda-toolkit -o reads/inc.cuh reads/a.cu
cmp -s reads/inc.cuh inc.orig && echo "reads/inc.cuh unchanged" >>"$TR"
unset CUDALINT_CACHE_DIR
printf 'extends: ../parent.yaml\n' >reads/sub/.cudalint.yaml
printf 'fail-on: error\n' >reads/parent.yaml
cp reads/a.cu reads/inc.cuh reads/sub/
run --no-cuda-toolkit -o reads/sub/.cudalint.yaml reads/sub/a.cu
run --no-cuda-toolkit -o reads/parent.yaml reads/sub/a.cu
run --no-cuda-toolkit --config reads/parent.yaml --write-baseline reads/parent.yaml reads/a.cu
printf 'fail-on: error\n' | cmp -s reads/parent.yaml - && echo "reads/parent.yaml unchanged" >>"$TR"
run --no-cuda-toolkit --write-baseline reads/base.json reads/a.cu
run --no-cuda-toolkit --baseline reads/base.json -o reads/base.json reads/a.cu
run --no-cuda-toolkit --baseline reads/base.json --write-baseline reads/base.json reads/a.cu
printf '[{"directory": "%s/reads", "file": "a.cu", "command": "nvcc --options-file flags.rsp -c a.cu"}]\n' "$W" >reads/build/compile_commands.json
printf -- '-DUNUSED=1\n' >reads/flags.rsp
run --no-cuda-toolkit -p reads/build -o reads/build/compile_commands.json reads/a.cu
run --no-cuda-toolkit -p reads/build -o reads/flags.rsp reads/a.cu
run --no-cuda-toolkit -o out/both.json --write-baseline ./out/both.json reads/a.cu
ls out/both.json >>"$TR" 2>&1

say "-o onto a symbolic link replaces the link; the file it pointed to is untouched"
echo 'precious' >precious.txt
ln -s ../precious.txt out/link.txt
run --no-cuda-toolkit -o out/link.txt kernels/exit.cu
cat precious.txt >>"$TR"
[ -L out/link.txt ] && echo "out/link.txt is still a link" >>"$TR"

say "after --paths no argument is an option: -ovictim.cu and -Dbad.cu are files, -- is a path"
cp kernels/barrier.cu ./-ovictim.cu
cp kernels/barrier.cu ./-Dbad.cu
run --no-cuda-toolkit --paths -ovictim.cu -Dbad.cu -- --format=json
cmp -s victim.cu kernels/barrier.cu && echo "victim.cu unchanged" >>"$TR"

say "--extra-arg passes one argument to clang, before --paths"
printf '__global__ void k(float *d)\n{\n#ifdef GUARD\n\tif (threadIdx.x < 32)\n#endif\n\t\t__syncthreads();\n}\n' >guarded.cu
run --no-cuda-toolkit --extra-arg=-DGUARD --paths guarded.cu
run --no-cuda-toolkit --extra-arg -DGUARD --paths guarded.cu
run --no-cuda-toolkit --paths guarded.cu
finish
