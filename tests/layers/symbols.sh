#!/bin/sh
# symbols.sh - every name a layer library exports carries a prefix of its
# layer or module, so that a reader (or grep, or a debugger) tells
# cudalint's names from libc's and each other's: `nm` over the built
# libraries, against the prefixes below.
#
# usage: tests/layers/symbols.sh BUILD_DIR
#
# A global symbol of libcudalint_LAYER.a must start with one of LAYER's
# prefixes. A new module with names of its own adds its prefix to its
# layer's line. Prints one "FAIL ..." line per unprefixed name; exit
# status 0 when there is none, 1 otherwise, 2 on usage error (or without
# nm).
set -u
[ $# -eq 1 ] || {
	echo "usage: $0 BUILD_DIR" >&2
	exit 2
}
build=$1
command -v nm >/dev/null || {
	echo "$0: nm not found (binutils)" >&2
	exit 2
}
export LC_ALL=C

# layer: prefixes. cl_ is the project's own, taken by the modules whose
# headers are the layers' interfaces (cl_report_*, cl_config_*, ...);
# the others name their module (uni_ is uniformity, locals_ constlocals,
# check_ each rule's check function, generated from rules.def). xalloc's
# four functions are named as git's and sparse's are.
prefixes='util: cl_ arena_ ptrvec_ guard_ path_ xmalloc xcalloc xrealloc xstrdup
ir: ir_
frontend: cl_ compat_ compdb_ cuda_env_ cx_ lower_ nvcc_ pch_ preamble_
analysis: analysis_ analyze_ blocksim_ bs_ callgraph_ cl_option cubar_ intrinsic_ intrinsics_ launch_ library_ locals_ memspace_ mo_ scope_index_ uni_ uniformity_
rules: barrier_site_ cl_ check_ fix_ order_
control: cl_ suppress_
report: cl_
driver: cl_ cache_ cfg_ files_ finish_ fixes_ gitignore_ lsp_ options_ parsers_ run_ select_ show_ targets_'


fail=0
n=0
for line in $(printf '%s\n' "$prefixes" | sed 's/:.*//'); do
	layer=$line
	lib=$build/libcudalint_$layer.a
	if [ ! -f "$lib" ]; then
		echo "FAIL $lib: not built"
		fail=1
		continue
	fi
	want=$(printf '%s\n' "$prefixes" | sed -n "s/^$layer: *//p")
	# "LIB:OBJECT: ADDRESS TYPE NAME" for every global symbol defined
	out=$(nm -A -g --defined-only "$lib" 2>/dev/null | awk '{ n = split($1, a, ":"); print a[n - 1], $NF }' | {
		bad=0
		while read -r obj sym; do
			ok=0
			for p in $want; do
				case $sym in "$p"*) ok=1; break ;; esac
			done
			if [ $ok -eq 0 ]; then
				echo "FAIL libcudalint_$layer.a ($obj): $sym has none of the prefixes $want"
				bad=1
			fi
		done
		echo "bad=$bad"
	})
	printf '%s\n' "$out" | grep -v '^bad='
	case $out in *bad=1*) fail=1 ;; esac
	n=$((n + 1))
done
[ $fail -eq 0 ] && echo "symbols: every name the $n layer libraries export is prefixed"
exit $fail
