#!/bin/sh
# Hostile globs: a configuration in a pull request chooses the globs that
# cudalint matches against every path (per-file-ignores, include:,
# exclude:). A recursive expansion of "**" (per_file.c's, until it used
# src/util/glob.c) takes exponential time in the number of "**", and a
# backtracking '*' in the number of '*' (glibc 2.36's fnmatch lets only
# the latest '*' backtrack, so the '*' cases here finished before too;
# they stay as a guard of the matcher that replaced it). Each run must
# finish, with the right answer, under lib.sh's hang detector.
#
#   sh tests/hostile/glob.sh CUDALINT
. "$(dirname "$0")/lib.sh"

# --- per-file-ignores: 14 "**/a" pairs, a path 60 directories deep ----------
d=deep
i=0
while [ $i -lt 60 ]; do
	d=$d/a
	i=$((i + 1))
done
mkdir -p "$d"
cp kernel.cu "$d/k.cu"
g=$(repeat 14 '**/a/')
# no match: the last component is k.cu, not b.cu, which every way of
# spreading 60 components over 14 "**" has to find out
printf 'per-file-ignores:\n  "%sb.cu": [CL1001]\n' "$g" >deep/.cudalint.yaml
run per-file-ignores-deep "1" $NT deep
finds
run per-file-ignores-deep/show-config "0" --show-config "$d/k.cu"
grep -q '^  CL1001: on  # divergent-barrier$' out || fail "CL1001 is not on: $(grep CL1001 out | head -c 300)"
printf 'per-file-ignores:\n  "%sk.cu": [CL1001]\n' "$g" >deep/.cudalint.yaml
run per-file-ignores-deep/match "0" $NT deep
grep -q CL1001 out && fail "the per-file-ignores glob did not turn CL1001 off"
run per-file-ignores-deep/match/show-config "0" --show-config "$d/k.cu"
grep -q '^  CL1001: off  # divergent-barrier; off in this file by per-file-ignores$' out ||
	fail "CL1001 is not off by per-file-ignores: $(grep CL1001 out | head -c 300)"

# --- many '*' against a long name of a's ------------------------------------
STARS='*a*a*a*a*a*a*a*a*a*a*a*b'
mkdir long
name=$(repeat 200 a).cu
cp kernel.cu "long/$name"
printf 'exclude: ["%s"]\n' "$STARS" >long/.cudalint.yaml
run exclude-stars "1" $NT long
finds
run exclude-stars/show-files "0" --show-files long
grep -q "^long/$name\$" out || fail "the file is not listed: $(head -c 300 out)"
# with '/': matched against the whole path and each leading directory
printf 'include: ["./%s"]\n' "$STARS" >long/.cudalint.yaml
run include-stars "0" $NT long
grep -q "^cudalint: warning: nothing to analyse: the 1 file found is excluded by the configuration's include:/exclude:\$" err ||
	fail "no 'nothing to analyse' warning: $(head -c 300 err)"
printf 'per-file-ignores:\n  "%s": [CL1001]\n' "$STARS" >long/.cudalint.yaml
run per-file-ignores-stars "1" $NT long
finds
run per-file-ignores-stars/show-config "0" --show-config "long/$name"
grep -q '^  CL1001: on  # divergent-barrier$' out || fail "CL1001 is not on: $(grep CL1001 out | head -c 300)"
finish
