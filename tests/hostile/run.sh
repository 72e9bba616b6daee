#!/bin/sh
# Hostile input: cudalint must never crash or hang, and must never pass
# silently on input it could not analyse. Every input is generated here, in
# a temporary directory; every run is under `timeout`.
#
#   sh tests/hostile/run.sh CUDALINT
#
# The helpers are in lib.sh; the other scripts here cover one area each.
# Each case asserts an exit status (a set of allowed ones) and, where the
# input is bad, that stderr names the file in a "cudalint: error: FILE:"
# line. A signal (status >= 128) or a timeout (124) always fails.
# Left out on purpose (they exhaust memory or take minutes in libclang
# itself): `#include "/dev/zero"`, a 2^30-token macro bomb, 1e6 -D flags.
. "$(dirname "$0")/lib.sh"

# --- files that are not CUDA ------------------------------------------------
: >empty.cu
run empty.cu "0" $NT empty.cu

head -c 65536 /dev/urandom >random.cu
# a NUL in the first line makes clang take it as text: keep it binary anyway
printf '\001\377\376' >>random.cu
run random.cu "2" $NT random.cu
names random.cu

printf '__global__ void k(float *d)\n{\n\td[0] = 1;\000\000 d[1] = 2;\n\t%s\n}\n' "$BAR" >nul.cu
run nul.cu "1" $NT nul.cu
finds

printf '// \377\376 \303\050\n__device__ const char *s = "\377\300\257";\n__global__ void k(float *d)\n{\n\tif (threadIdx.x < sizeof("\377\376\300") /* \377 */)\n\t\t__syncthreads();\n}\n' >badutf8.cu
run badutf8.cu "1" $NT badutf8.cu
finds
run badutf8.cu/json "1" $NT --format=json badutf8.cu
valid_utf8 out
run badutf8.cu/sarif "1" $NT --format=sarif badutf8.cu
valid_utf8 out

# --- size and depth ---------------------------------------------------------
{ printf '__global__ void k(float *d){'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "d[%d]=%d;", i % 1000, i }'; printf '%s}' "$BAR"; } >longline.cu
run longline.cu "1" $NT longline.cu
finds

{ printf '__global__ void k(float *'; repeat 1000000 x; printf '){'; printf '%s}\n' "$BAR"; } >longident.cu
run longident.cu "1" $NT longident.cu
finds

i=0
while [ $i -lt 2000 ]; do
	printf '__global__ void k%d(float *d){d[threadIdx.x]=%d;}\n' $i $i
	i=$((i + 1))
done >manykernels.cu
cat kernel.cu >>manykernels.cu
run manykernels.cu "1" $NT manykernels.cu
finds

# more than clang's 2 GiB of source locations: a failure, not a note and
# exit 0 (a sparse file: no disk is used)
if truncate -s 3G big.cu 2>/dev/null; then
	run big-file "2" $NT big.cu kernel.cu
	grep -q "^cudalint: error: big.cu: larger than 2 GiB (3221225472 bytes), the most clang can parse; not analysed$" err ||
		fail "no failure naming the size limit: $(head -c 300 err)"
	finds
	rm -f big.cu
else
	echo "skip: big-file (cannot make a sparse file)"
fi

{ printf '__global__ void k(float *d){'; repeat 10000 '{'; repeat 10000 '}'; printf '}\n'; } >braces.cu
run braces.cu "2" $NT braces.cu
names braces.cu

{ printf '__global__ void k(float *d,int n){'; repeat 10000 'if(n>0)'; printf 'd[0]=1;%s}\n' "$BAR"; } >ifs.cu
run ifs.cu "1" $NT ifs.cu
warns ifs.cu

{ printf '__global__ void k(float *d,int n){'; repeat 10000 'for(int i=0;i<n;i++)'; printf 'd[0]=1;%s}\n' "$BAR"; } >loops.cu
run loops.cu "1" $NT loops.cu
warns loops.cu

# nested loops whose trip counts vary by thread: the uniformity fixed point
# once ran the innermost body 2^depth times (20 loops: 3 s; 30: an hour)
{ printf '__global__ void k(float *d){int v=0;'; repeat 30 'for(int i=0;i<threadIdx.x;i++){'; printf 'v=v+1;'; repeat 30 '__syncthreads();}'; printf 'd[0]=v;}\n'; } >nestedloops.cu
run nestedloops.cu "1" $NT nestedloops.cu
grep -q "CL1002" out || fail "the CL1002 finding is missing from the report"

# the time limit covers the analysis, not only the parse: the test hook
# stalls after the parse, and the run must stop at the limit
cp kernel.cu stall.cu
export CUDALINT_TEST_STALL_ON=stall.cu CUDALINT_FILE_TIMEOUT=2
run analysis-time-limit "2" $NT stall.cu
unset CUDALINT_TEST_STALL_ON CUDALINT_FILE_TIMEOUT
grep -q "^cudalint: error: stall.cu: analysis exceeded the time limit" err || fail "no time-limit line for stall.cu: $(head -c 300 err)"

{ printf '__global__ void k(float *d,float a){float x=a'; repeat 60000 '+a'; printf ';d[0]=x;%s}\n' "$BAR"; } >expr.cu
run expr.cu "1" $NT expr.cu
warns expr.cu

# --- the preprocessor -------------------------------------------------------
macro_bomb 20 "$BAR" >macrobomb.cu
run macrobomb.cu "1 2" $NT macrobomb.cu
[ "$RC" = 2 ] && names macrobomb.cu
[ "$RC" = 1 ] && warns macrobomb.cu

printf '#define X X+X\n#define Y(a) Y(a)+a\n__global__ void k(float *d,float X,float a){d[0]=X+Y(a);%s}\n' "$BAR" >macroself.cu
run macroself.cu "2" $NT macroself.cu
names macroself.cu

{ printf '#include "incself.cu"\n'; cat kernel.cu; } >incself.cu
run incself.cu "2" $NT incself.cu
names incself.cu

# --- paths ------------------------------------------------------------------
run nonexistent "2" $NT no/such/file.cu
names no/such/file.cu

ln -s loop-b.cu loop-a.cu
ln -s loop-a.cu loop-b.cu
run symlink-loop "2" $NT loop-a.cu
names loop-a.cu

mkdir -p tree/sub
cp kernel.cu tree/
ln -s .. tree/sub/up
run dir-symlink-loop "1" $NT tree
finds

# two links to ".." made the old walk branch twice per level, 64 levels deep
mkdir -p tree2/sub
cp kernel.cu tree2/
ln -s .. tree2/sub/up1
ln -s .. tree2/sub/up2
ln -s ../../tree2 tree2/sub/side
run dir-two-up-links "1" $NT tree2
finds
[ "$(grep -c 'CL1001' out)" = 1 ] || fail "the kernel was reported more than once: $(head -c 300 out)"

mkdir -p nocuda
: >nocuda/host.cpp
run dir-without-cuda "0" $NT nocuda
grep -q "^cudalint: warning: nothing to analyse: no .cu or .cuh file" err || fail "no warning for a directory without CUDA files: $(head -c 300 err)"

# deeper than PATH_MAX: the file cannot be named, so the run cannot pass
d=long
i=0
while [ $i -lt 260 ]; do d=$d/dddddddddddddddd; i=$((i + 1)); done
# (cp cannot name the file either: walk down one folder at a time)
if mkdir -p "$d" 2>/dev/null && (cd long && i=0 && while [ $i -lt 260 ]; do cd -P dddddddddddddddd || exit 1; i=$((i + 1)); done && cp "$T/kernel.cu" k.cu); then
	run dir-deeper-than-path-max "2" $NT long
	grep -q "^cudalint: error: long/d.*: File name too long" err || fail "the too-long path is not named: $(head -c 300 err)"
else
	echo "skip: dir-deeper-than-path-max (cannot make the tree)"
fi

ln -s nothing.cu dangling.cu
mkdir -p dangle
cp kernel.cu dangle/
ln -s ../nothing.cu dangle/gone.cu
run dir-dangling-link "1" $NT dangle
grep -q "^cudalint: warning: dangle/gone.cu: a symbolic link to nothing" err || fail "no warning for the dangling link: $(head -c 300 err)"

mkfifo fifo.cu
run fifo.cu "2" $NT fifo.cu
names fifo.cu

mkdir -p fifodir
cp kernel.cu fifodir/
mkfifo fifodir/p.cu
run fifo-in-dir "1 2" $NT fifodir

cp kernel.cu noread.cu
chmod 000 noread.cu
if [ "$(id -u)" != 0 ]; then
	run unreadable "2" $NT noread.cu
	names noread.cu
elif command -v setpriv >/dev/null 2>&1 && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null &&
	chmod 755 "$T" && setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$T"; then
	# as nobody, who may not reach the checkout (root's home is mode 700):
	# a copy of the binary in the test's own directory
	mkdir -p "$T/bin"
	cp "$CUDALINT" "$T/bin/cudalint"
	chmod 755 "$T/bin" "$T/bin/cudalint"
	as_nobody() {
		timeout -k 5 "$LIMIT" setpriv --reuid=65534 --regid=65534 --clear-groups \
			env CUDALINT_CACHE_DIR="$T/cache-nobody" "$T/bin/cudalint" "$@" >out 2>err </dev/null
	}
	N=$((N + 1))
	CASE=unreadable
	as_nobody $NT noread.cu
	RC=$?
	if [ "$RC" = 2 ]; then echo "ok:   $CASE (exit 2)"; else fail "exit $RC, want 2"; fi
	names noread.cu
	# an unreadable directory in the tree: its files are not analysed
	mkdir -p locked/inner
	cp kernel.cu locked/
	cp kernel.cu locked/inner/
	chmod 000 locked/inner
	N=$((N + 1))
	CASE=unreadable-subdirectory
	as_nobody $NT locked
	RC=$?
	if [ "$RC" = 2 ]; then echo "ok:   $CASE (exit 2)"; else fail "exit $RC, want 2"; fi
	names locked/inner
	finds
	chmod 755 locked/inner
else
	echo "skip: unreadable (root, and no setpriv, or nobody cannot reach $T)"
fi

# --- configuration ----------------------------------------------------------
head -c 4096 /dev/urandom >binary.yaml
printf '\377\376' >>binary.yaml
run config-binary "2" $NT --config binary.yaml kernel.cu
names binary.yaml

{
	printf 'a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n'
	p=a
	for n in b c d e f g h i; do
		printf '%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' $n $n $p $p $p $p $p $p $p $p $p
		p=$n
	done
	printf 'exclude: *i\n'
} >bomb.yaml
run config-billion-laughs "2" $NT --config bomb.yaml kernel.cu
names bomb.yaml

mkdir -p bigcfg
cp kernel.cu bigcfg/
awk 'BEGIN { print "exclude:"; for (i = 0; i < 1000000; i++) printf "  - dir%d\n", i }' >bigcfg/.cudalint.yaml
run config-1e6-entries "1" $NT bigcfg/kernel.cu
finds

# a configuration found by discovery that is no regular file is refused, as
# with --config: passed over, the run would go on without the settings it
# was meant to have (a FIFO would also block the read)
mkdir -p cfgfifo cfgzero
cp kernel.cu cfgfifo/
cp kernel.cu cfgzero/
mkfifo cfgfifo/.cudalint.yaml
ln -s /dev/zero cfgzero/.cudalint.yaml
run config-found-fifo "2" $NT cfgfifo/kernel.cu
grep -q "^cudalint: error: cfgfifo/.cudalint.yaml: not a regular file$" err || fail "the FIFO is not named: $(head -c 300 err)"
run config-found-dev-zero "2" $NT cfgzero/kernel.cu
grep -q "^cudalint: error: .*cfgzero/.cudalint.yaml: not a regular file$" err || fail "the link to /dev/zero is not named: $(head -c 300 err)"

# --- output -----------------------------------------------------------------
run output-no-dir "2" $NT --format=sarif -o no/such/dir/out.sarif kernel.cu
names no/such/dir/out.sarif

: >afile
run output-not-a-dir "2" $NT --format=sarif -o afile/out.sarif kernel.cu
names afile/out.sarif

N=$((N + 1))
CASE=stdout-closed
timeout -k 5 "$LIMIT" "$CUDALINT" $NT kernel.cu >&- 2>err </dev/null
RC=$?
[ "$RC" = 2 ] && echo "ok:   $CASE (exit 2)" || fail "exit $RC, want 2"

# -o onto a device must write to it, not rename a regular file over it
# (as root, `-o /dev/null` would otherwise destroy /dev/null).
if mknod full c 1 7 2>/dev/null; then
	run output-dev-full "2" $NT -o full kernel.cu
	names full
	[ -c full ] || fail "-o replaced the character device 'full' with a regular file"
	mknod null c 1 3
	run output-dev-null "1" $NT -o null kernel.cu
	[ -c null ] || fail "-o replaced the character device 'null' with a regular file"
else
	echo "skip: output to a device (mknod not permitted)"
fi

finish
