#!/bin/sh
# --launcher (docs/ci.md#riding-the-build): the source file of the compile
# command after it is analysed with that command's flags, the findings go
# to standard error, then the command runs in cudalint's place: its
# arguments exactly, its output and its exit status. A fake compiler
# stands in for nvcc (tests/launcher/cmake.sh runs a real one under
# CMake and Ninja where there is one).
. "$(dirname "$0")/lib.sh"
mkdir src inc
printf '#define HALF 16\n' >inc/cfg.h
printf '#include "cfg.h"\n__global__ void k(float *x)\n{\n#ifdef LAUNCH_BUG\n\tif (threadIdx.x < HALF)\n\t\t__syncthreads();\n#endif\n\tx[threadIdx.x] = 0;\n}\n' >src/k.cu
# the fake compiler: its arguments one a line into args.txt, a line on
# each stream, exit status $FAKE_STATUS
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >args.txt\necho "fake-nvcc: stdout"\necho "fake-nvcc: stderr" >&2\nexit "${FAKE_STATUS:-0}"\n' >fake-nvcc
chmod +x fake-nvcc
find . -type f -exec touch -t 202001010000 {} +
export CUDALINT_CACHE_DIR="$T/cache"
export FAKE_STATUS=3
compile() { rm -f args.txt; run --no-cuda-toolkit "$@"; [ -f args.txt ] && show args.txt; }

say "the command's -I and -D reach the analysis: the finding, then the compiler's own output and status (3)"
compile --launcher ./fake-nvcc -forward-unknown-to-host-compiler -DLAUNCH_BUG -Iinc --generate-code=arch=compute_80,code=[compute_80,sm_80] -MD -MT k.o -MF k.o.d -x cu -c src/k.cu -o k.o
say "the result cache: one entry; the same command again is served from it, with the same report"
ls "$T/cache/results" | grep -c "\.entry$" | tr -d " " >>"$TR"
cp "$T/err" "$T/cold"
compile --launcher ./fake-nvcc -forward-unknown-to-host-compiler -DLAUNCH_BUG -Iinc --generate-code=arch=compute_80,code=[compute_80,sm_80] -MD -MT k.o -MF k.o.d -x cu -c src/k.cu -o k.o
check 'cmp -s "$T/err" "$T/cold"' "a launcher run from the cache reports differently"
ls "$T/cache/results" | grep -c "\.entry$" | tr -d " " >>"$TR"
# a hit reads the entry; a miss writes it anew (atomically: a new inode)
entry() { ls -i "$T"/cache/results/*.entry | awk '{ print $1 }'; }
before=$(entry)
say "a fresh checkout (new times, the same bytes) still hits: the entry is not rewritten"
touch -t 202101010000 src/k.cu inc/cfg.h
quiet --no-cuda-toolkit --launcher ./fake-nvcc -forward-unknown-to-host-compiler -DLAUNCH_BUG -Iinc --generate-code=arch=compute_80,code=[compute_80,sm_80] -MD -MT k.o -MF k.o.d -x cu -c src/k.cu -o k.o
check '[ "$(entry)" = "$before" ]' "new times on the same bytes missed the cache"
check 'cmp -s "$T/err" "$T/cold"' "a launcher run from the cache after touch reports differently"
say "a header whose bytes changed (same size) misses: the entry is written again"
printf '#define HALF 17\n' >inc/cfg.h
touch -t 202101010000 inc/cfg.h
quiet --no-cuda-toolkit --launcher ./fake-nvcc -forward-unknown-to-host-compiler -DLAUNCH_BUG -Iinc --generate-code=arch=compute_80,code=[compute_80,sm_80] -MD -MT k.o -MF k.o.d -x cu -c src/k.cu -o k.o
check '[ "$(entry)" != "$before" ]' "a changed header hit the cache"
check 'grep -q "threadIdx.x < HALF" "$T/err"' "after the header changed: no finding"

say "clang as the CUDA compiler: its command line (-x cuda, --cuda-gpu-arch, --cuda-path, as CMake writes it) reaches the analysis the same way"
cp fake-nvcc fake-clang++
compile --launcher ./fake-clang++ -DLAUNCH_BUG -Iinc -x cuda --cuda-gpu-arch=sm_80 --cuda-path=/nonexistent -MD -MT k.o -MF k.o.d -c src/k.cu -o k.o

say "without -DLAUNCH_BUG the file is clean: only the compiler speaks"
compile --launcher ./fake-nvcc -Iinc -x cu -c src/k.cu -o k.o

say "without -Iinc the file cannot be analysed: an error, but the build goes on"
compile --launcher ./fake-nvcc -DLAUNCH_BUG -x cu -c src/k.cu -o k.o

say "--fail-on: findings at that level fail the build (exit 1) and the compiler is not run"
compile --fail-on=warning --launcher ./fake-nvcc -DLAUNCH_BUG -Iinc -c src/k.cu -o k.o
compile --fail-on=error --launcher ./fake-nvcc -DLAUNCH_BUG -Iinc -c src/k.cu -o k.o
say "... and a clean file compiles"
FAKE_STATUS=0 compile --fail-on=note --launcher ./fake-nvcc -Iinc -c src/k.cu -o k.o

say "a command with no .cu file (a link) is run untouched; so is -o x.cu, a value, not a source"
compile --launcher ./fake-nvcc k.o -o app
compile --launcher ./fake-nvcc -Iinc -o src/k.cu k.o

say "what comes after --launcher is the compiler's, even what looks like cudalint's options"
compile --launcher ./fake-nvcc --format=json -DLAUNCH_BUG -Iinc -c src/k.cu

say "-x cu: a .cpp file is compiled, and analysed, as CUDA; without it, it is host code, left alone"
cp src/k.cu src/k2.cpp
compile --launcher ./fake-nvcc -x cu -DLAUNCH_BUG -Iinc -c src/k2.cpp
compile --launcher ./fake-nvcc -DLAUNCH_BUG -Iinc -c src/k2.cpp

say "a wrapper between launcher and compiler (ccache, env): the flags still reach the analysis"
compile --launcher env ./fake-nvcc -DLAUNCH_BUG -Iinc -c src/k.cu -o k.o

say "usage errors: no command; paths or -p beside it; a compiler that cannot be run"
run --launcher
run src --launcher ./fake-nvcc -c src/k.cu
run -p . --launcher ./fake-nvcc -c src/k.cu
run --no-cuda-toolkit --launcher ./no-such-nvcc -Iinc -c src/k.cu
finish
