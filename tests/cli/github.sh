#!/bin/sh
# --format=github: GitHub Actions workflow commands, one line per finding
# (notes folded into it as %0A lines) and an ::error line per file or
# device function not analysed; file names and messages escaped so that
# nothing in them can end the command or start another.
. "$(dirname "$0")/lib.sh"
input kernels

say "the kernels directory: paths relative to the source root"
run --no-cuda-toolkit --format=github kernels

say "what could not be analysed is an ::error annotation too; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit --format=github kernels/barrier.cu broken.cu missing.cu

say "a file name with ':', ',' and '%' is escaped in its property"
cp kernels/barrier.cu 'a:b,c%d.cu'
run --no-cuda-toolkit --format=github 'a:b,c%d.cu'

say "a newline in a file name cannot start a workflow command of its own"
cp kernels/barrier.cu "$(printf 'x.cu\n::error::injected')"
"$CUDALINT" --no-cuda-toolkit --format=github --paths "$(printf 'x.cu\n::error::injected')" >nl.out 2>&1 </dev/null
check "[ \$(wc -l <nl.out) = 1 ] && ! grep -q '^::error::injected' nl.out" "the newline started a line of its own"
echo "x.cu + newline + ::error::injected: one line, no command of its own" >>"$TR"
finish
