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
	bash "$SRC/tests/sarif/validate.sh" "$1" >"$T/val" 2>&1 ||
		fail "validate.sh $1: $(cat "$T/val")"
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

say "a failure becomes a toolExecutionNotification; exit status 2"
printf '__global__ void k(int *p)\n{\n\tp[0] = 1\n}\n' >broken.cu
run --no-cuda-toolkit --format=sarif -o failed.sarif kernels/loop.cu broken.cu
show_sarif failed.sarif
validate failed.sarif
finish
