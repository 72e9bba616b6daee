#!/bin/sh
# Hostile trees: a repository in a pull request can hold symbolic links
# anywhere, to "/", to /proc, to the user's home, and FIFOs named like
# sources. A directory search (src/driver/files.c) follows a link only
# while it stays inside the directory searched (--follow-links: anywhere
# but /proc, /sys and /dev), takes each directory once however the links
# loop, and names what it leaves out in a warning.
#
#   sh tests/hostile/walk.sh CUDALINT
. "$(dirname "$0")/lib.sh"

# listed FILE...: the files --show-files printed are exactly FILE...
listed() {
	printf '%s\n' "$@" >want
	cmp -s want out || fail "the files listed are not $*: $(head -c 300 out)"
}

# said TEXT: stderr has TEXT as one line
said() {
	grep -qxF "$1" err || fail "stderr lacks '$1': $(head -c 300 err)"
}

mkdir -p tree/sub outside
cp kernel.cu tree/k.cu
cp kernel.cu tree/sub/real.cu
cp kernel.cu outside/o.cu

# --- a link to "/" is not a way to walk the file system ---------------------
ln -s / tree/root
run link-to-root "0" --show-files tree
listed tree/k.cu tree/sub/real.cu
said "cudalint: warning: tree/root: a symbolic link out of the directory searched, left out (--follow-links follows it)"
run link-to-root/analysed "1" $NT tree
finds
rm tree/root

# --- links out of the tree: left out, each named; --follow-links follows ----
ln -s ../outside tree/ext
ln -s ../../outside/o.cu tree/sub/o.cu
ln -s real.cu tree/sub/zz.cu # inside: followed, and the file is listed once
ln -s sub tree/zalias           # inside: followed, nothing listed twice
run link-out "0" --show-files tree
listed tree/k.cu tree/sub/real.cu
said "cudalint: warning: tree/ext: a symbolic link out of the directory searched, left out (--follow-links follows it)"
said "cudalint: warning: tree/sub/o.cu: a symbolic link out of the directory searched, left out (--follow-links follows it)"
run link-out/follow-links "0" --show-files --follow-links tree
listed tree/ext/o.cu tree/k.cu tree/sub/real.cu
[ -s err ] && fail "--follow-links still warns: $(head -c 300 err)"
rm tree/ext tree/sub/o.cu tree/sub/zz.cu tree/zalias

# --- never /proc, /sys or /dev, even with --follow-links --------------------
# (each where this machine has it: a container may lack /sys)
links=
for l in /proc/self /dev /sys /dev/null; do
	if [ -e "$l" ]; then
		name=$(basename "$l")
		[ "$name" = null ] && name=null.cu
		ln -s "$l" "tree/$name"
		links="$links $name"
	fi
done
run system-dirs "0" --show-files --follow-links tree
listed tree/k.cu tree/sub/real.cu
for l in $links; do
	said "cudalint: warning: tree/$l: a symbolic link into /proc, /sys or /dev, left out (never followed)"
	rm "tree/$l"
done
if [ -d /proc ]; then
	run system-dirs/named "0" --show-files /proc
	said "cudalint: warning: /proc: a system directory, left out (never searched)"
fi

# --- link cycles out of the tree, with --follow-links ------------------------
mkdir -p loopy/a
cp kernel.cu loopy/a/l.cu
ln -s ../../loopy loopy/a/up
ln -s ../loopy loopy/a/side
ln -s ../tree loopy/back
ln -s ../loopy tree/loopy
run link-cycle "0" --show-files --follow-links tree
listed tree/k.cu tree/loopy/a/l.cu tree/sub/real.cu
run link-cycle/analysed "1" $NT --follow-links tree
finds
rm tree/loopy

# --- a FIFO named like a source is named, never passed over in silence ------
mkfifo tree/sub/pipe.cu
run fifo "0" --show-files tree
listed tree/k.cu tree/sub/real.cu
warns tree/sub/pipe.cu
said "cudalint: warning: tree/sub/pipe.cu: not a regular file, left out"
mkdir fifos
mkfifo fifos/only.cu
run fifo-alone "0" $NT fifos
warns fifos/only.cu
grep -q 'no .cu or .cuh file in this directory' err && fail "the FIFO's directory is said to hold no .cu file"
finish
