#!/bin/sh
# --shard K/N (docs/ci.md#splitting-a-run-across-jobs): the N parts
# partition the files exactly (each file in one part), by a hash of the
# path from the fingerprint root, so a part does not depend on the
# directory the job runs in; the union of the parts' findings is the
# unsharded run's.
. "$(dirname "$0")/lib.sh"
input kernels
mkdir -p more/deep
for i in 1 2 3 4 5 6 7 8; do cp kernels/barrier.cu "more/deep/b$i.cu"; done
git init -q . 2>/dev/null # the fingerprint root
export CUDALINT_CACHE_DIR="$T/cache"

say "usage errors"
run --shard 0/3 .
run --shard 4/3 .
run --shard 1/0 .
run --shard 1 .
run --shard 1/3x .

say "the files of each part of 3, and of the whole"
for k in 1 2 3; do
	run --show-files --shard "$k/3" .
	sed 's|^\./||' "$T/out" | sort >"$T/files.$k"
done
quiet --show-files .
sed 's|^\./||' "$T/out" | sort >"$T/files.all"
check '[ -s "$T/files.1" ] && [ -s "$T/files.2" ] && [ -s "$T/files.3" ]' "a part of 3 is empty (the hash does not spread these files)"
check 'sort "$T/files.1" "$T/files.2" "$T/files.3" | cmp -s - "$T/files.all"' "the parts of 3 are not the whole, each file once"
say "the same parts from a subdirectory (paths from the fingerprint root, not from here)"
(cd more && "$CUDALINT" --show-files --shard 2/3 .. | sed 's|^\.\./||' | sort >"$T/files.sub")
check 'cmp -s "$T/files.sub" "$T/files.2"' "part 2 of 3 differs when run from more/"

say "the findings of the parts together are the whole run's"
for k in 1 2 3; do
	quiet --no-cuda-toolkit -q --no-show-source --shard "$k/3" .
	cat "$T/out" >>"$T/found.parts"
done
quiet --no-cuda-toolkit -q --no-show-source .
sort "$T/out" >"$T/found.all"
check '[ -s "$T/found.all" ]' "the whole run found nothing"
check 'sort "$T/found.parts" | cmp -s - "$T/found.all"' "the parts' findings are not the whole run's"
grep -c . "$T/found.all" >>"$TR"

say "1/1 is the whole run; a part can be empty (a note, exit status 0)"
quiet --show-files --shard 1/1 .
check 'sed "s|^\./||" "$T/out" | sort | cmp -s - "$T/files.all"' "--shard 1/1 is not the whole run"
run --no-cuda-toolkit --no-show-source --shard 2/3 kernels/barrier.cu
run --no-cuda-toolkit --shard 1/3 kernels/barrier.cu
run --no-cuda-toolkit --shard 1/3 more/deep/b2.cu more/deep/b3.cu
finish
