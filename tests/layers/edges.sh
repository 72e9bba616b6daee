#!/bin/sh
# edges.sh - the layers of the analyzer and the only edges allowed between
# them, checked three ways: every #include "..." of src/ and rules/, the
# libraries' link graph as CMake generated it, and their include paths.
#
# usage: tests/layers/edges.sh SOURCE_DIR BUILD_DIR
#
# The table below is the design: a layer may include headers of its own
# and of the layers its row names, and its library (cudalint_LAYER,
# CMakeLists.txt) links exactly those. The compiler already refuses an
# #include of a layer no row below reaches (each library exports only a
# directory of its own); this test also refuses a relative path around
# that ("../rules/rules.h"), an edge the row does not name although a
# lower layer passes it on, a link the table lacks, and src/ put back on
# an include path. A new edge is a design change: add it here and in
# CMakeLists.txt together.
#
# Prints one "FAIL ..." line per problem; exit status 0 when there is
# none, 1 otherwise, 2 on usage error.
set -u
[ $# -eq 2 ] || {
	echo "usage: $0 SOURCE_DIR BUILD_DIR" >&2
	exit 2
}
src=$(cd "$1" && pwd) || exit 2
views=$2/layers
[ -d "$views" ] || {
	echo "$0: $views: no such directory (configure the build first)" >&2
	exit 2
}
export LC_ALL=C

# layer: the layers it may include and must link, lowest first
table='util:
ir: util
frontend: util ir
analysis: util ir
rules: util ir analysis
control: util frontend analysis rules
report: util rules control
driver: util ir frontend analysis rules control report'

# The layer of a file of the tree (relative to SOURCE_DIR), or "" for none.
# src/check.c and the three headers beside it are the rules layer's
# (CMakeLists.txt says why).
layer_of() {
	case $1 in
	rules/*) echo rules ;;
	src/check.c | src/check.h | src/finding.h | src/rule.h) echo rules ;;
	src/*/*) d=${1#src/}; echo "${d%%/*}" ;;
	*) echo "" ;;
	esac
}

row() { printf '%s\n' "$table" | sed -n "s/^$1: *//p"; }
known() { printf '%s\n' "$table" | grep -q "^$1:"; }

fail=0
problem() {
	echo "FAIL $*"
	fail=1
}

# 1. The includes. A quoted include resolves as the compiler resolves it:
# beside the including file first, then on the layers' include paths
# (src/LAYER/... as "LAYER/...", rules/, the rules layer's headers in
# src/). One that resolves to no file of the tree (a system header in
# quotes, the includes of the embedded CUDA headers) is no edge.
cd "$src" || exit 2
files=$(find src rules -name '*.[ch]' | sort)
for f in $files; do
	from=$(layer_of "$f")
	if ! known "$from"; then
		problem "$f: in no layer of the table (tests/layers/edges.sh)"
		continue
	fi
	allowed=" $from $(row "$from") "
	dir=$(dirname "$f")
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' >"${TMPDIR:-/tmp}/edges.$$"
	while read -r line inc; do
		target=
		for c in "$dir/$inc" "src/$inc" "rules/$inc"; do
			if [ -f "$c" ]; then
				target=$c
				break
			fi
		done
		[ -n "$target" ] || continue
		# as a path of the tree, "src/report/../../rules/rules.h" as "rules/rules.h"
		target=$(realpath -m --relative-to=. "$target")
		to=$(layer_of "$target")
		case $allowed in
		*" $to "*) ;;
		*) problem "$f:$line: includes \"$inc\" ($to): $from may include only$allowed" ;;
		esac
	done <"${TMPDIR:-/tmp}/edges.$$"
done
rm -f "${TMPDIR:-/tmp}/edges.$$"

# 2. The link graph and include paths, as CMake generated them: one file
# per layer library, its LINK_LIBRARIES on the first line and its whole
# INCLUDE_DIRECTORIES on the second (CMakeLists.txt, cudalint_layer).
printf '%s\n' "$table" | while IFS=: read -r layer _; do
	links=$views/$layer.links
	if [ ! -f "$links" ]; then
		problem "cudalint_$layer: no $links (a layer library not made by cudalint_layer?)"
		continue
	fi
	want=$(row "$layer" | tr ' ' '\n' | sed '/^$/d; s/^/cudalint_/' | sort | tr '\n' ' ')
	got=$(sed -n 1p "$links" | tr ';' '\n' | grep '^cudalint_' | sort | tr '\n' ' ')
	[ "$got" = "$want" ] || problem "cudalint_$layer links '$got', the table says '$want'"
	sed -n 2p "$links" | tr ';' '\n' | while read -r d; do
		case $d in
		"$src" | "$src/" | "$src/src" | "$src/src/"*)
			problem "cudalint_$layer has $d on its include path: every layer would see every other" ;;
		esac
	done
done | grep . && fail=1

# Every layer library of the build is in the table.
for a in "$views"/*.links; do
	layer=$(basename "$a" .links)
	known "$layer" || problem "cudalint_$layer: a layer library the table lacks"
done

[ $fail -eq 0 ] && echo "edges: every include and link follows the table"
exit $fail
