#!/bin/sh
# What help2man runs in place of cudalint (cmake/debian/package.cmake):
# $CUDALINT with the same arguments (--help, --version), its output passed
# through unchanged except for the usage lines, which are spelled the way
# help2man recognises for SYNOPSIS ("Usage: cudalint ...", then
# "   or: cudalint ..."); cudalint prints "usage:" and indents the other
# forms. So the manual page follows --help as it changes.
set -eu
out=$("$CUDALINT" "$@")
printf '%s\n' "$out" | sed -e '1s/^usage: /Usage: /' -e '2,/^$/s/^       \([^ ]\)/   or: \1/'
