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
