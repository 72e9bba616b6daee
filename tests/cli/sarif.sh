#!/bin/sh
# SARIF output: golden files (tool.driver.rules shown as rule IDs only,
# since rules are added over time) and the SARIF validator
# (tests/sarif/validate.sh) on cudalint's real output. Set
# CUDALINT_SKIP_VALIDATOR=1 to skip the validator (it needs npm once).
. "$(dirname "$0")/lib.sh"
input kernels

# Shows a SARIF file with each rule of the rules array cut down to its
# ID, and only the rules CL0001-CL1003.
show_sarif() {
	echo "--- $1 (tool.driver.rules: IDs of CL0001-CL1003 only)" >>"$TR"
	awk '
	/^          "rules": \[/ { print; inrules = 1; next }
	inrules && /^          \]/ { inrules = 0 }
	inrules { if ($0 ~ /^              "id": "CL(000[0-9]|100[0-3])"/) print; next }
	{ print }' "$1" >>"$TR"
}

validate() {
	if [ "${CUDALINT_SKIP_VALIDATOR:-}" ]; then
		echo "validator skipped: $1" >&2
		return
	fi
	bash "$SRC/tests/sarif/validate.sh" "$1" >"$T/val" 2>&1
	case $? in
	0) ;;
	77) cat "$T/val" >&2 ;; # Node.js too old: sarif.validate is skipped too
	*) fail "validate.sh $1: $(cat "$T/val")" ;;
	esac
}

say "the kernels directory, -o kernels.sarif"
run --no-cuda-toolkit --format=sarif -o kernels.sarif kernels
show_sarif kernels.sarif
validate kernels.sarif

say "stdout and -o give the same document"
quiet --no-cuda-toolkit --format=sarif kernels
check "cmp -s '$T/out' kernels.sarif" "SARIF on stdout differs from -o"

say "--srcroot: paths relative to it"
run --no-cuda-toolkit --format=sarif --srcroot=kernels -o srcroot.sarif kernels/exit.cu
show_sarif srcroot.sarif
validate srcroot.sarif

say "--srcroot must be a directory"
run --no-cuda-toolkit --format=sarif --srcroot=no/such/dir kernels/exit.cu
run --no-cuda-toolkit --format=sarif --srcroot=kernels/exit.cu kernels/exit.cu

say "without --srcroot, the top of the git work tree: a run from a subdirectory names files as the repository does"
mkdir -p repo/src
cp kernels/exit.cu repo/src/
git init -q repo
(cd repo/src && "$CUDALINT" --no-cuda-toolkit --format=json exit.cu >../../fromsub.json 2>&1)
(cd repo/src && "$CUDALINT" --no-cuda-toolkit --format=sarif exit.cu >../../fromsub.sarif 2>&1)
grep -o '"uri": "[^"]*"' fromsub.sarif | sort -u >>"$TR"
grep -o '"fingerprint": "[^"]*"' fromsub.json >fp.sub
(cd repo && "$CUDALINT" --no-cuda-toolkit --format=json src/exit.cu >../fromtop.json 2>&1)
grep -o '"fingerprint": "[^"]*"' fromtop.json >fp.top
check "cmp -s fp.sub fp.top" "the fingerprints from src/ and from the top differ"
echo "fingerprints from src/ and from the top level agree" >>"$TR"

say "a suppression's reason (after --) is the SARIF suppression's justification"
printf '__global__ void k(float *d)\n{\n\tif (threadIdx.x < 32)\n\t\t__syncthreads(); // cudalint: ignore[CL1001] -- only warp 0 runs this kernel\n}\n' >just.cu
quiet --no-cuda-toolkit --format=sarif --report-suppressed just.cu
grep -o '"justification": "[^"]*"' "$T/out" >>"$TR"

say "a failure becomes a toolExecutionNotification; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit --format=sarif -o failed.sarif kernels/loop.cu broken.cu
show_sarif failed.sarif
validate failed.sarif
finish
