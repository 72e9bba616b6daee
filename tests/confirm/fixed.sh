#!/bin/sh
# fixed.sh - tools/confirm --write-fixed and --fixed up to the GPU, with a
# stand-in nvcc whose "kernels" print OK (no GPU here): on a copy of
# kernels/ and tools/confirm in a temporary tree (the source tree is never
# written),
#   - --write-fixed writes fixed.cu for exactly the pairs whose rule has a
#     fix (CL2001 CL2003 CL2004 CL2005 CL4001 CL4002), each differing from
#     bad.cu;
#   - --fixed --gpu-only builds each fixed.cu with $NVCC and runs it,
#     writing fixed-gpu-results.json (sha256 of each source, verdict OK);
#   - --fixed --gpu-results FILE writes FIXED.json and FIXED.md, where every
#     fixed pair is confirmed: cudalint reports nothing on fixed.cu (its
#     rule is gone, no new one), and the "GPU" ran that very source.
#
# usage: tests/confirm/fixed.sh CUDALINT SOURCE_DIR
NAME=confirm-fixed
. "$(dirname "$0")/../lib/args.sh"
command -v jq >/dev/null 2>&1 || { echo "skip: jq not installed"; exit 77; }
"$cl" --show-toolkit >/dev/null 2>&1 || { echo "skip: no CUDA toolkit (the reference kernels need one)"; exit 77; }

mkdir -p "$tmp/tree/tools"
cp "$src/tools/confirm" "$tmp/tree/tools/"
cp -R "$src/kernels" "$tmp/tree/kernels"
rm -f "$tmp/tree/kernels"/*/fixed.cu
cat >"$tmp/nvcc" <<'NVCC'
#!/bin/sh
out=""
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift 2 ;;
	--version) echo "Cuda compilation tools, release 13.0, V13.0.48 (stand-in)"; exit 0 ;;
	*) shift ;;
	esac
done
printf '#!/bin/sh\necho "info: stand-in run"\necho OK\n' >"$out" && chmod +x "$out"
NVCC
chmod +x "$tmp/nvcc"
export NVCC=$tmp/nvcc COMPUTE_SANITIZER=/nonexistent/compute-sanitizer BUILD_JOBS=2
cd "$tmp/tree" || exit 2

bash tools/confirm --write-fixed --cudalint "$cl" 2>"$tmp/write.err" || fail "--write-fixed: exit $? ($(tail -n1 "$tmp/write.err"))"
got=$(cd kernels && ls -d */fixed.cu 2>/dev/null | sed 's|/fixed.cu||' | tr '\n' ' ')
[ "$got" = "CL2001 CL2003 CL2004 CL2005 CL4001 CL4002 " ] || fail "--write-fixed made fixed.cu for: $got"
for f in kernels/*/fixed.cu; do
	[ -f "$f" ] || continue
	cmp -s "$f" "${f%fixed.cu}bad.cu" && fail "$f equals bad.cu"
done

bash tools/confirm --fixed --gpu-only --out out 2>"$tmp/gpu.err" || fail "--fixed --gpu-only: exit $? ($(tail -n1 "$tmp/gpu.err"))"
[ -f out/fixed-gpu-results.json ] || fail "no fixed-gpu-results.json"
n=$(jq '[.pairs[] | select(.run.verdict == "OK" and (.fixed_sha256 | length) == 64)] | length' out/fixed-gpu-results.json)
[ "$n" = 6 ] || fail "fixed-gpu-results.json: $n pairs ran OK, expected 6"

bash tools/confirm --fixed --gpu-results out/fixed-gpu-results.json --cudalint "$cl" --out out 2>"$tmp/report.err" ||
	fail "--fixed --gpu-results: exit $? ($(tail -n1 "$tmp/report.err"))"
c=$(jq -r '[.pairs | to_entries[] | select(.value.confirmed) | .key] | join(" ")' out/FIXED.json)
[ "$c" = "CL2001 CL2003 CL2004 CL2005 CL4001 CL4002" ] || fail "FIXED.json confirms: '$c'; $(jq -c '[.pairs | to_entries[] | select(.value.status == "fixed") | {(.key): .value.cudalint_after}]' out/FIXED.json)"
grep -q '^| CL4002 | CL4002 | fixed | silent | OK |' out/FIXED.md || fail "FIXED.md lacks CL4002's row"
grep -q '^+    __syncwarp();' out/FIXED.md || fail "FIXED.md lacks CL4002's diff"

# a fixed.cu that is not what the GPU ran is not confirmed
printf '// edited\n' >>kernels/CL4001/fixed.cu
bash tools/confirm --fixed --gpu-results out/fixed-gpu-results.json --cudalint "$cl" --out out2 2>/dev/null
[ "$(jq '.pairs.CL4001.confirmed' out2/FIXED.json)" = false ] || fail "an edited fixed.cu is still confirmed"

[ $failed = 0 ] && echo "confirm --fixed: fixed.cu for 6 pairs, run by a stand-in GPU, all confirmed"
exit $failed
