#!/bin/sh
# After the suite: the tests wrote nothing into the source tree (they work
# in temporary directories; the build folders are the only output). Run
# by .ci/run on its clean clone; outside a git checkout there is nothing
# to compare with.
#
#   sh tests/clean_tree.sh SOURCE_DIR
set -u
cd "${1:-.}" || exit 2
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "clean_tree: not a git checkout, not checked"; exit 0; }
left=$(git status --porcelain --ignored --untracked-files=all | grep -v '^!! build[^/]*/' | head -n 20)
if [ -n "$left" ]; then
	echo "clean_tree: the test suite changed the source tree:"
	printf '%s\n' "$left"
	exit 1
fi
echo "clean_tree: the source tree is as checked out"
