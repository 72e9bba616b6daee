#!/bin/sh
# The Debian package (cmake/debian/package.cmake), made from the build tree
# the way its `package` target makes it: cpack with the build's
# CPackConfig.cmake and no -G (so DEB must be the default generator), into
# a temporary directory, so the build tree's own .deb is left alone. Then:
#
#   - lintian reports no error and no warning (--fail-on error,warning);
#     its info-level tags are printed, not counted;
#   - the package holds /usr/bin/cudalint (0755, stripped, and it runs from
#     the unpacked package: it finds its libraries without the build
#     tree's RUNPATH), the manual page, changelog.gz and copyright; every
#     entry root-owned, directories 0755, other files 0644;
#   - the two .gz files carry no name and no timestamp (gzip -n);
#   - the changelog parses (dpkg-parsechangelog) and its newest version is
#     the package's; the Maintainer is "Name <email>";
#   - Depends names libc6, libclang1-N, libclang-common-N-dev (clang's
#     headers, read at run time), libjson-c5, libyaml-0-2 and libxxhash0;
#   - the manual page renders with no groff or man warning, has the
#     sections that cmake/debian/cudalint.h2m adds, and names every long
#     option of the packaged binary's --help;
#   - every environment variable the sources read is documented in the
#     ENVIRONMENT section of cmake/debian/cudalint.h2m (this check needs
#     no tool and runs first).
#
# Exit status 77 (a skip) when lintian, file or man is missing (they come
# with tools/install-deps.sh --test). A package that cannot be made (no
# help2man or dpkg-dev at configure time: cmake/debian/cpack-checks.cmake)
# is a failure.
#
# usage: tests/package/run.sh BUILD_DIR SOURCE_DIR LLVM_MAJOR
set -u
[ $# -eq 3 ] || {
	echo "usage: $0 BUILD_DIR SOURCE_DIR LLVM_MAJOR" >&2
	exit 2
}
build=$1 src=$2 llvm=$3
fail=0
bad() {
	echo "FAIL: $*"
	fail=1
}

# ---- the environment variables, documented --------------------------------
# Literals passed to getenv(), and every "CUDALINT_..." string literal
# (util/env.c's table of the numeric ones). CUDALINT_TEST_* are test hooks (docs/cli.md
# says not to set them); they are not part of the manual.
h2m=$src/cmake/debian/cudalint.h2m
envsection=$(awk '/^\[/ { on = ($0 == "[ENVIRONMENT]"); next } on' "$h2m")
vars=$(grep -rhoE '(getenv|env_number)\("[A-Za-z_][A-Za-z0-9_]*"|"CUDALINT_[A-Z0-9_]+"' "$src/src" "$src/rules" |
	sed -E 's/^[a-z_]*\(//; s/"//g' | grep -v '^CUDALINT_TEST_' | sort -u)
[ -n "$vars" ] || bad "no environment variable found in the sources (the pattern is out of date?)"
for v in $vars; do
	printf '%s\n' "$envsection" | grep -qw -- "$v" ||
		bad "environment variable $v is read by the sources but not documented under [ENVIRONMENT] in cmake/debian/cudalint.h2m"
done

# ---- the tools ----------------------------------------------------------------
for tool in lintian file man; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "SKIP: $tool is not installed (tools/install-deps.sh --test installs it)"
		[ $fail -eq 0 ] || exit 1
		exit 77
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudalint-package.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# ---- the package ----------------------------------------------------------------
if ! cpack --config "$build/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
	cat "$tmp/cpack.log"
	echo "FAIL: cpack could not make the package"
	exit 1
fi
set -- "$tmp"/out/*.deb
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
	cat "$tmp/cpack.log"
	echo "FAIL: cpack made no .deb (or more than one): is DEB the default generator?"
	exit 1
fi
deb=$1
echo "package: $(basename "$deb")"

# ---- lintian ----------------------------------------------------------------------
lintian --fail-on error,warning --display-info "$deb" >"$tmp/lintian.out" 2>"$tmp/lintian.err"
rc=$?
cat "$tmp/lintian.out"
grep -v '^running with root privileges is not recommended!$' "$tmp/lintian.err"
[ $rc -eq 0 ] || bad "lintian exit status $rc (an error or a warning above)"

# ---- the contents ---------------------------------------------------------------
dpkg-deb -c "$deb" >"$tmp/contents" || bad "dpkg-deb -c failed"
entry() { # PATH MODE: the entry exists, with that mode, owned by root
	awk -v p="./$1" -v m="$2" '$6 == p { found = 1; if ($1 != m || $2 != "root/root") bad = $1 " " $2 }
		END { if (!found) { print "missing"; exit } if (bad) print bad }' "$tmp/contents"
}
for f in usr/bin/cudalint:-rwxr-xr-x usr/share/man/man1/cudalint.1.gz:-rw-r--r-- \
	usr/share/doc/cudalint/changelog.gz:-rw-r--r-- usr/share/doc/cudalint/copyright:-rw-r--r--; do
	why=$(entry "${f%%:*}" "${f#*:}")
	[ -z "$why" ] || bad "/${f%%:*} in the package: $why (want ${f#*:} root/root)"
done
awk '$2 != "root/root" || ($1 ~ /^d/ && $1 != "drwxr-xr-x") ||
	($1 ~ /^-/ && $1 != "-rw-r--r--" && $6 != "./usr/bin/cudalint") { print "FAIL: entry " $1 " " $2 " " $6 }' \
	"$tmp/contents" >"$tmp/perms"
[ ! -s "$tmp/perms" ] || {
	cat "$tmp/perms"
	fail=1
}

dpkg-deb -x "$deb" "$tmp/root" || bad "dpkg-deb -x failed"
bin=$tmp/root/usr/bin/cudalint
ftype=$(file -b "$bin")
case $ftype in
*"not stripped"*) bad "/usr/bin/cudalint is not stripped: $ftype" ;;
*", stripped"*) ;;
*) bad "file does not say /usr/bin/cudalint is stripped: $ftype" ;;
esac
version=$(dpkg-deb -f "$deb" Version)
out=$("$bin" --version 2>&1) || bad "the packaged cudalint --version failed: $out"
case $out in
"cudalint $version "* | "cudalint $version") ;;
*) bad "the packaged cudalint --version says '$out', the package's version is $version" ;;
esac
# the packaged binary analyses a kernel (bundled declarations: no toolkit
# needed, nothing cached): exit status 1, findings
CUDALINT_CACHE_DIR=$tmp/cache "$bin" --no-cache --no-cuda-toolkit -q "$src/testdata/examples/seeds.cu" >"$tmp/seeds.out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q 'CL1001' "$tmp/seeds.out" || {
	cat "$tmp/seeds.out"
	bad "the packaged cudalint on testdata/examples/seeds.cu: exit status $rc, want 1 with a CL1001 finding"
}

# gzip -n: byte 3 (flags) has no FNAME, bytes 4-7 (mtime) are zero
for gz in usr/share/man/man1/cudalint.1.gz usr/share/doc/cudalint/changelog.gz; do
	[ -f "$tmp/root/$gz" ] || continue
	hdr=$(od -An -tu1 -N8 "$tmp/root/$gz" | tr -s ' ' | sed 's/^ //')
	case $hdr in
	"31 139 8 0 0 0 0 0") ;;
	*) bad "/$gz is not gzip -n (header bytes: $hdr)" ;;
	esac
done

# ---- the control fields and the changelog --------------------------------------
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for d in libc6 "libclang1-$llvm" "libclang-common-$llvm-dev" libjson-c5 libyaml-0-2 libxxhash0; do
	printf '%s\n' "$depends" | tr ',' '\n' | sed -E 's/^ *//; s/[ (].*//' | grep -qxF -- "$d" ||
		bad "Depends does not name $d: $depends"
done
maint=$(dpkg-deb -f "$deb" Maintainer)
printf '%s\n' "$maint" | grep -qE '^[^<>]+ <[^<>@ ]+@[^<>@ ]+\.[^<>@ ]+>$' ||
	bad "Maintainer is not 'Name <email>': $maint"
if [ -f "$tmp/root/usr/share/doc/cudalint/changelog.gz" ]; then
	clv=$(zcat "$tmp/root/usr/share/doc/cudalint/changelog.gz" | dpkg-parsechangelog -l - -S Version 2>&1) ||
		bad "dpkg-parsechangelog: $clv"
	[ "$clv" = "$version" ] || bad "the changelog's newest version is '$clv', the package's is $version"
fi

# ---- the manual page --------------------------------------------------------------
page=$tmp/root/usr/share/man/man1/cudalint.1.gz
if [ -f "$page" ]; then
	LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" >/dev/null 2>"$tmp/man.err" ||
		bad "man could not format the manual page"
	[ ! -s "$tmp/man.err" ] || {
		cat "$tmp/man.err"
		bad "man/groff warnings on the manual page (above)"
	}
	# plain text (man-db drops the formatting when it writes to a pipe),
	# wide enough that no option is cut at the end of a line
	LC_ALL=C.UTF-8 MANWIDTH=200 man -E UTF-8 -l "$page" >"$tmp/man.txt" 2>/dev/null
	for s in NAME SYNOPSIS DESCRIPTION 'EXIT STATUS' ENVIRONMENT FILES 'SEE ALSO'; do
		grep -qx "$s" "$tmp/man.txt" || bad "the manual page has no $s section"
	done
	for o in $("$bin" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
		grep -qF -- "$o" "$tmp/man.txt" || bad "the manual page does not name $o (in the packaged cudalint's --help)"
	done
fi

[ $fail -eq 0 ] && echo "package: ok"
exit $fail
