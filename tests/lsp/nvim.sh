#!/bin/sh
# nvim.sh - the language server end to end, with a real client: a headless
# Neovim (Debian's, 0.7.2, installed by tools/install-deps.sh --test) and
# its built-in LSP client open every testdata case (testdata/CL*/pos_*.cu
# and neg_*.cu) in one session of `cudalint lsp`; each file's diagnostics
# must be what `cudalint --format=json` reports for it (tests/lsp/nvim.lua
# says what else is checked).
#
# usage: tests/lsp/nvim.sh CUDALINT [FILE...]   (default: those cases)
#
# The command line runs first, over all the files; the server's workers
# then find its results in the result cache where the text is the same
# (as an editor's do after a CLI run). CL_LSP_FRESH=1 gives both
# --no-cache-results. Exit 77 (skipped) without nvim.
set -eu
bin=$(realpath "$1")
shift
if ! command -v nvim >/dev/null 2>&1; then
	echo "SKIP: nvim is not installed (tools/install-deps.sh --test installs it)"
	exit 77
fi
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
if [ $# -eq 0 ]; then
	set -- testdata/CL*/pos_*.cu testdata/CL*/neg_*.cu
fi
for f in "$@"; do
	realpath "$f"
done | LC_ALL=C sort >"$tmp/files"
fresh=
[ "${CL_LSP_FRESH:-0}" = 1 ] && fresh=--no-cache-results
# cudalint's cache where it would be, Neovim's log (lsp.log) in $tmp
CUDALINT_CACHE_DIR=${CUDALINT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cudalint}
export CUDALINT_CACHE_DIR
export XDG_CACHE_HOME="$tmp/xdg-cache" XDG_STATE_HOME="$tmp/xdg-state" XDG_DATA_HOME="$tmp/xdg-data"

rc=0
# shellcheck disable=SC2046 # one path a line, no spaces in testdata names
"$bin" --format=json -j2 $fresh $(cat "$tmp/files") >"$tmp/cli.json" || rc=$?
if [ "$rc" -gt 2 ]; then
	echo "FAIL: cudalint --format=json exited $rc"
	exit 1
fi
lua="_G.cl_bin='$bin'; _G.cl_list='$tmp/files'; _G.cl_cli='$tmp/cli.json'"
if [ -n "$fresh" ]; then
	lua="$lua; _G.cl_fresh=true"
fi
# a Lua error is a failure too, never a Neovim left waiting
run="local ok, e = pcall(dofile, 'tests/lsp/nvim.lua') if not ok then io.stderr:write('FAIL ' .. tostring(e) .. '\\n') vim.cmd('cquit 1') end"
nvim --headless -u NONE -i NONE -n --cmd "lua $lua" -c "lua $run" </dev/null
