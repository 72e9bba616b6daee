# tests/lib/args.sh - the start every `SCRIPT CUDALINT SOURCE_DIR` test
# shares, sourced with the script's arguments and NAME set (the temporary
# folder's name):
#
#     NAME=sarif; . "$(dirname "$0")/../lib/args.sh"
#
# It checks the arguments, sets cl (cudalint, absolute), src (the source
# tree, absolute) and tmp (a fresh folder, removed at exit unless KEEP is
# set), gives every run a cache of its own in $tmp/cache, and defines
# fail MESSAGE, which records a failure in $failed.
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 CUDALINT SOURCE_DIR" >&2
	exit 2
fi
cl=$1
case $cl in /*) ;; *) cl=$(pwd)/$cl ;; esac
src=$(cd "$2" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-$NAME.XXXXXX") || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
export CUDALINT_CACHE_DIR=$tmp/cache LC_ALL=C
failed=0
fail() {
	echo "FAIL: $*" >&2
	failed=1
}
