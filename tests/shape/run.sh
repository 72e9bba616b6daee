#!/bin/sh
# tests/shape/run.sh SRCDIR - the tree's size limits (CONTRIBUTING.md):
# no C file or header in src/ or rules/ over 700 lines, no function over
# 120 lines. A function is what the tree's style makes it: a body opened by
# a `{` alone in column 0 and closed by the next `}` alone in column 0; the
# count is the lines between them. Prints each offender and exits 1.
set -eu
cd "$1"
status=0
for f in $(find src rules -name '*.[ch]' | LC_ALL=C sort); do
	n=$(wc -l <"$f")
	if [ "$n" -gt 700 ]; then
		echo "$f: $n lines (the limit is 700: split it along its concerns)"
		status=1
	fi
	awk -v f="$f" '
		/^{$/ { start = NR; name = prev; next }
		/^}/ && start { if (NR - start - 1 > 120) { printf "%s:%d: %s: %d lines (the limit is 120)\n", f, start, name, NR - start - 1; bad = 1 } start = 0 }
		{ prev = $0 }
		END { exit bad }' "$f" || status=1
done
exit $status
