#!/bin/sh
# --fix, --unsafe-fixes, --diff (docs/fixes.md): exact diffs, the files
# written, the help lines, and each refusal with its line and exit status.
. "$(dirname "$0")/lib.sh"
input fix
NT=--no-cuda-toolkit

say "the help line under each finding with a fix; none for a barrier spelled in a macro"
run $NT --no-color fix/publish.cu fix/macro.cu

say "--diff: the safe fixes as a unified diff, nothing changed; exit 1"
run $NT --diff fix/publish.cu fix/fence.cu
check 'cmp -s fix/fence.cu "$CLI/inputs/fix/fence.cu"' "--diff changed fence.cu"

say "--diff --unsafe-fixes: the unsafe ones too"
run $NT --diff --unsafe-fixes fix/fence.cu fix/barrier.cu

say "--diff with no fix to apply: nothing printed, exit 0"
run $NT --diff --unsafe-fixes fix/macro.cu

say "--fix: the safe fixes written; the findings that remain reported"
run $NT --no-color --fix fix/publish.cu fix/fence.cu
show fix/publish.cu
check 'cmp -s fix/fence.cu "$CLI/inputs/fix/fence.cu"' "--fix without --unsafe-fixes changed fence.cu"

say "--fix --unsafe-fixes: barrier removed and narrowed, fence narrowed; the mode kept"
chmod 640 fix/barrier.cu
run $NT --no-color --fix --unsafe-fixes fix/barrier.cu fix/fence.cu
show fix/barrier.cu fix/fence.cu
check '[ "$(stat -c %a fix/barrier.cu)" = 640 ]' "--fix changed the mode of barrier.cu"

say "fixed files have nothing left to fix"
run $NT --diff --unsafe-fixes fix/publish.cu fix/barrier.cu fix/fence.cu

say "refused: standard input (--diff works on it)"
cp "$CLI/inputs/fix/fence.cu" stdin.cu
run_stdin stdin.cu $NT --fix --unsafe-fixes --stdin-filename stdin.cu
run_stdin stdin.cu $NT --diff --unsafe-fixes --stdin-filename stdin.cu

say "refused: a read-only file"
cp "$CLI/inputs/fix/fence.cu" ro.cu
chmod 444 ro.cu
run $NT --no-color --fix --unsafe-fixes ro.cu
check 'cmp -s ro.cu "$CLI/inputs/fix/fence.cu"' "ro.cu was changed"

say "refused: a symbolic link out of the source root"
mkdir -p root outside
cp "$CLI/inputs/fix/fence.cu" outside/fence.cu
ln -s ../outside/fence.cu root/link.cu
run $NT --no-color --srcroot=root --fix --unsafe-fixes root/link.cu
check 'cmp -s outside/fence.cu "$CLI/inputs/fix/fence.cu"' "the file outside the root was changed"
say "a link inside the source root: the file it names is fixed, the link stays"
run $NT --no-color --srcroot=. --fix --unsafe-fixes root/link.cu
check '[ -L root/link.cu ] && ! cmp -s outside/fence.cu "$CLI/inputs/fix/fence.cu"' "the link was not followed"

say "refused: the file changed after the parse (a test hook holds the run between the two)"
cp "$CLI/inputs/fix/fence.cu" changed.cu
mkfifo go
printf '$ cudalint %s  (changed.cu edited between the parse and the write)\n' "$NT --no-color --fix --unsafe-fixes changed.cu" >>"$TR"
CUDALINT_TEST_FIX_WAIT=go "$CUDALINT" $NT --no-color --fix --unsafe-fixes changed.cu >"$T/out" 2>"$T/err" </dev/null &
pid=$!
exec 3>go
printf '// edited\n' >>changed.cu
echo >&3
exec 3>&-
wait $pid
RC=$?
cat "$T/out" >>"$TR"
echo "--- stderr" >>"$TR"
cat "$T/err" >>"$TR"
echo "--- exit $RC" >>"$TR"
check 'tail -n1 changed.cu | grep -q "^// edited"' "changed.cu lost the edit"

say "usage errors"
run --fix --diff fix/fence.cu
run --unsafe-fixes fix/fence.cu
finish
