#!/bin/sh
# .gitignore in directory searches: what git ignores is not analysed when
# a search finds it; a file named on the command line always is (as
# ruff). --no-respect-gitignore and respect-gitignore: false turn it off.
. "$(dirname "$0")/lib.sh"
if ! command -v git >/dev/null 2>&1; then
	echo "SKIP $NAME: no git" >&2
	exit 77
fi
mkdir -p repo/src repo/build/gen repo/vendor
cp "$CLI/inputs/kernels/barrier.cu" repo/src/k.cu
cp "$CLI/inputs/kernels/exit.cu" repo/build/gen/out.cu
cp "$CLI/inputs/kernels/loop.cu" repo/vendor/tracked.cu
cp "$CLI/inputs/kernels/clean.cu" repo/src/scratch.cu
printf 'build/\nvendor/\n*scratch*\n' >repo/.gitignore
git -C repo init -q
# a tracked file is never ignored, whatever .gitignore says (git's rule)
git -C repo add -f vendor/tracked.cu

say "the search leaves out build/ and scratch.cu; vendor/tracked.cu is tracked, so analysed"
run --no-cuda-toolkit repo
run --show-files repo
say "...also from inside the work tree, through a symbolic link, and from a nested directory"
cd repo/src && run --show-files .. && cd "$W"
ln -s repo/build linked
run --show-files linked
say "a file named on the command line is analysed, ignored or not"
run --no-cuda-toolkit repo/build/gen/out.cu
run --show-files repo repo/build/gen/out.cu
say "--no-respect-gitignore, and respect-gitignore: false (the command line wins)"
run --show-files --no-respect-gitignore repo
printf 'respect-gitignore: false\n' >repo/.cudalint.yaml
run --show-files repo
run --show-files --respect-gitignore repo
printf 'respect-gitignore: maybe\n' >repo/.cudalint.yaml
run --show-files repo
rm repo/.cudalint.yaml
say "outside a work tree, nothing is ignored"
mkdir plain
cp repo/.gitignore plain/
cp repo/src/k.cu plain/scratch.cu
run --show-files plain
say "without git on PATH, nothing is ignored either"
mkdir nogit
ln -s "$(command -v cat)" nogit/cat
(PATH=$W/nogit; run --show-files repo)
rm -r nogit
say "a repository's core.fsmonitor command is not run"
git -C repo config core.fsmonitor "touch '$W/fsmonitor-ran'; false"
run --show-files repo
check '[ ! -e fsmonitor-ran ]' "git ran the repository's core.fsmonitor command"
git -C repo config --unset core.fsmonitor
say "everything found ignored or excluded: nothing to analyse, one warning, exit status 0"
run --no-cuda-toolkit repo/build
printf 'exclude: [k.cu]\n' >repo/.cudalint.yaml
run --no-cuda-toolkit repo/src
run --no-cuda-toolkit repo/src repo/build
rm repo/.cudalint.yaml
finish
