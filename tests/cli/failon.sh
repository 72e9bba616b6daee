#!/bin/sh
# Exit status 0/1 against fail-on (note, warning, error), from the command
# line and from the configuration.
. "$(dirname "$0")/lib.sh"
input kernels
f=kernels/loop.cu

say "a warning: fails at fail-on note and warning (the default), not error"
quiet --no-cuda-toolkit $f
quiet --no-cuda-toolkit --fail-on=note $f
quiet --no-cuda-toolkit --fail-on=warning $f
quiet --no-cuda-toolkit --fail-on=error $f

say "a note: fails only at fail-on note"
quiet --no-cuda-toolkit --severity CL1002=note $f
quiet --no-cuda-toolkit --severity CL1002=note --fail-on=note $f

say "an error: fails at every fail-on level"
quiet --no-cuda-toolkit --severity CL1002=error --fail-on=error $f

say "no findings: 0 at every level"
quiet --no-cuda-toolkit --fail-on=note kernels/clean.cu

say "fail-on in the configuration; --fail-on overrides it"
printf 'fail-on: error\n' >.cudalint.yaml
quiet --no-cuda-toolkit $f
printf 'fail-on: note\nseverity:\n  CL1002: note\n' >.cudalint.yaml
quiet --no-cuda-toolkit $f
quiet --no-cuda-toolkit --fail-on=warning $f
rm .cudalint.yaml

say "--exit-zero: findings are reported and the status is 0; what could not be analysed is still 2"
run --no-cuda-toolkit --exit-zero $f
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
quiet --no-cuda-toolkit --exit-zero broken.cu

say "suppressed findings never fail"
quiet --no-cuda-toolkit --disable CL1002 --fail-on=note $f
finish
