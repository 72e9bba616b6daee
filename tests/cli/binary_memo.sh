#!/bin/sh
# The result cache's key names the hash of cudalint's binary, remembered in
# results/binary.hash under the binary's identity (src/driver/cache_keys.c):
# a hit then reads no 3 MB binary. The memo is taken only whole and exact;
# anything else is ignored and rewritten. Whether a run hit is told by the
# test hook CUDALINT_TEST_TRACE_LIBCLANG (a hit never loads libclang).
. "$(dirname "$0")/lib.sh"
input kernels
# old enough that the result cache trusts them
find . -type f -exec touch -t 202001010000 {} +
export CUDALINT_CACHE_DIR="$T/cache"
export CUDALINT_TEST_TRACE_LIBCLANG=1
M=$T/cache/results/binary.hash
parsed() { grep -q "^cudalint: test: loaded" "$T/err"; }
inode() { ls -i "$M" | cut -d' ' -f1; }

say "a first run parses, stores the entry and remembers the binary's hash: its identity line, then 32 hex digits"
quiet --no-cuda-toolkit kernels/loop.cu
check parsed "the first run did not parse"
check '[ -f "$M" ] && [ "$(wc -l <"$M")" = 2 ]' "no two-line memo: $(cat "$M" 2>&1)"
check 'sed -n 1p "$M" | grep -Eq "^cudalint binary 1 dev [0-9]+ ino [0-9]+ size [0-9]+ mtime [0-9]+\.[0-9]{9} ctime [0-9]+\.[0-9]{9}\$"' \
	"the memo's first line is not the identity: $(sed -n 1p "$M")"
check 'sed -n 2p "$M" | grep -Eq "^[0-9a-f]{32}\$"' "the memo's second line is not a hash: $(sed -n 2p "$M")"
cp "$M" "$T/memo.good"
ID=$(sed -n 1p "$M")
I0=$(inode)

say "the second run hits, and uses the memo as it is (not rewritten)"
quiet --no-cuda-toolkit kernels/loop.cu
check '! parsed' "the second run did not hit"
check 'cmp -s "$M" "$T/memo.good" && [ "$(inode)" = "$I0" ]' "a hit rewrote a good memo"

say "the memo is what the key is made from: the binary's own identity with another hash is believed, so the key differs and the run misses"
printf '%s\n%s\n' "$ID" 0123456789abcdef0123456789abcdef >"$M"
quiet --no-cuda-toolkit kernels/loop.cu
check parsed "a forged hash under the binary's identity did not change the key"
check '[ "$(sed -n 2p "$M")" = 0123456789abcdef0123456789abcdef ]' "a memo of the binary's identity was rewritten"

# memo_case NAME: the run with the memo as it is now hits (the binary's
# bytes hashed again give the key of the entry) and leaves the good memo
memo_case() {
	say "$1: ignored, the run hits, the memo is rewritten"
	quiet --no-cuda-toolkit kernels/loop.cu
	check '! parsed' "$1: the run did not hit"
	check '[ -f "$M" ] && [ ! -L "$M" ] && cmp -s "$M" "$T/memo.good"' "$1: the memo was not rewritten: $(ls -l "$M" 2>&1)"
}
printf '%s\n' "$ID" | sed 's/ ino [0-9]*/ ino 1/' >"$M"
printf '0123456789abcdef0123456789abcdef\n' >>"$M"
memo_case "another identity (inode) with another hash"
printf '%s\n' "$ID" | sed 's/ ctime \([0-9]*\)\./ ctime 1\1./' >"$M"
printf '0123456789abcdef0123456789abcdef\n' >>"$M"
memo_case "another change time with another hash"
head -c 300 /dev/urandom >"$M"
memo_case "random bytes"
printf '%s\n%s\n' "$ID" 0123456789ABCDEF0123456789ABCDEF >"$M"
memo_case "upper-case hex digits"
printf '%s\n%s\n' "$ID" 0123456789abcdef0123456789abcde >"$M"
memo_case "a hash one digit short"
printf '%s\n%s\nmore\n' "$ID" 0123456789abcdef0123456789abcdef >"$M"
memo_case "a line too many"
printf '%s' "$ID" >"$M"
memo_case "the identity alone"
: >"$M"
memo_case "an empty file"
rm -f "$M"
mkfifo "$M"
memo_case "a FIFO (never waited on)"
rm -f "$M"
ln -s /dev/zero "$M"
memo_case "a symbolic link to /dev/zero"

say "a killed run's temporary memo is swept once it is an hour old, by the day's first run"
: >"$M.tmpAbCdEf"
touch -d '2 hours ago' "$M.tmpAbCdEf"
: >"$M.tmpGhIjKl"
touch -d '2 days ago' "$T/cache/results/evicted"
quiet --no-cuda-toolkit kernels/loop.cu
check '[ ! -e "$M.tmpAbCdEf" ] && [ -e "$M.tmpGhIjKl" ]' "the temporary memos were not swept by age: $(ls "$T/cache/results")"
rm -f "$M.tmpGhIjKl"

say "--clear-cache removes it"
quiet --clear-cache
check '[ ! -e "$M" ]' "--clear-cache left the memo"

say "--no-cache and --no-cache-results write no memo"
rm -rf "$T/cache"
quiet --no-cuda-toolkit --no-cache kernels/loop.cu
check '[ ! -e "$M" ]' "--no-cache wrote the memo"
quiet --no-cuda-toolkit --no-cache-results kernels/loop.cu
check '[ ! -e "$M" ]' "--no-cache-results wrote the memo"
finish
