#!/bin/sh
# cudalint never modifies, creates or removes anything next to its inputs:
# checksums and the file list of the input tree are the same before and
# after runs with every kind of output.
. "$(dirname "$0")/lib.sh"
mkdir src out
cp -R "$CLI/inputs/kernels" "$CLI/inputs/suppress.cu" "$CLI/inputs/suppress_file.cu" src/
printf 'severity:\n  CL1003: error\n' >src/.cudalint.yaml
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >src/broken.cu

snapshot() {
	(cd src && find . | LC_ALL=C sort && find . -type f | LC_ALL=C sort | xargs cksum)
}
snapshot >"$T/before"

say "every output kind over the same tree (output not shown)"
quiet --no-cuda-toolkit --warn-unused-suppressions --report-suppressed src
quiet --no-cuda-toolkit --format=json -o out/r.json src
quiet --no-cuda-toolkit --format=sarif -o out/r.sarif src
quiet --no-cuda-toolkit --write-baseline out/base.json src
quiet --no-cuda-toolkit --baseline out/base.json --format=sarif --report-suppressed src

snapshot >"$T/after"
if cmp -s "$T/before" "$T/after"; then
	echo "inputs unchanged" >>"$TR"
else
	diff "$T/before" "$T/after" >&2
	fail "the input tree changed"
fi
finish
