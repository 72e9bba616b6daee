# tools/corpora.sh - the real projects of a corpora folder as per-file jobs:
# which files each project has and the flags its own build gives them (the
# include folders tools/coverage's header comment lists). Sourced by
# tools/coverage and tools/bench (bash).
#
# The caller sets CORPUS (the folder holding the checkouts) and WORK (a
# folder for generated headers: catch2's config, GPUVerify's stub), and
# defines
#   add_job PROJECT INDEX CWD FILE FLAGS...
# which project_cuda_samples, project_llm_c, project_cub, project_gpuverify,
# project_gpurepair and project_ggml call once per file, in sorted order (FILE relative
# to CWD, the project's folder). project_cub appends to the caller's
# SKIPPED array when catch2/ is missing.
# shellcheck shell=bash

list_files() { # dir [find args]: sorted relative paths
	(cd "$1" && shift && find . "$@" -type f \( -name '*.cu' -o -name '*.cuh' \) -print | sed 's|^\./||' | LC_ALL=C sort)
}

# The nearest folder above F (relative to TOP, inside Samples/) with a
# CMakeLists.txt.
sample_dir() { # top f
	local d
	d=$(dirname "$2")
	while [ "$d" != . ] && [ "$d" != Samples ] && [ ! -f "$1/$d/CMakeLists.txt" ]; do
		d=$(dirname "$d")
	done
	echo "$d"
}

project_cuda_samples() {
	local top=$CORPUS/cuda-samples i=0 f sd flags
	while read -r f; do
		sd=$(sample_dir "$top" "$f")
		flags="-I Common -I Common/UtilNPP -I $sd"
		[ -d "$top/$sd/inc" ] && flags="$flags -I $sd/inc"
		case $(dirname "$f") in "$sd"|"$sd/inc") ;; *) flags="$flags -I $(dirname "$f")" ;; esac
		i=$((i + 1))
		# shellcheck disable=SC2086
		add_job cuda-samples "$i" "$top" "$f" $flags
	done < <(list_files "$top" -not -path './bin/*')
}

project_llm_c() {
	local top=$CORPUS/llm.c i=0 f
	while read -r f; do
		i=$((i + 1))
		add_job llm.c "$i" "$top" "$f" -I . -I llmc
	done < <(list_files "$top")
}

project_cub() {
	local top=$CORPUS/cccl i=0 f catch=() in=$CORPUS/catch2/src/catch2/catch_user_config.hpp.in
	if [ -f "$in" ]; then
		mkdir -p "$WORK/catch2-config/catch2"
		sed -e 's|^#cmakedefine \([A-Za-z_0-9]*\).*|/* #undef \1 */|' \
			-e 's|@CATCH_CONFIG_DEFAULT_REPORTER@|console|' -e 's|@CATCH_CONFIG_CONSOLE_WIDTH@|80|' \
			"$in" >"$WORK/catch2-config/catch2/catch_user_config.hpp"
		catch=(-I "$CORPUS/catch2/src" -I "$WORK/catch2-config")
	else
		SKIPPED+=("catch2: $CORPUS/catch2 is missing: the cub files that include c2h will fail")
	fi
	while read -r f; do
		i=$((i + 1))
		add_job cub "$i" "$top" "$f" -I cub -I libcudacxx/include -I thrust -I c2h/include \
			-I cub/examples -I cub/test "${catch[@]}"
	done < <(list_files "$top" \( -path './cub/cub/*' -o -path './cub/examples/*' \))
}

# GPUVerify's annotations are declared by bugle's header, which is not in
# the gpuverify repository: make them no-ops (expressions where they are
# used as values) so the kernels themselves can be read.
write_gpuverify_stub() {
	cp "$(dirname "${BASH_SOURCE[0]}")/gpuverify_annotations.h" "$WORK/gpuverify_annotations.h"
}

# A GPUVerify test gives its options on its second line
# (`//--blockDim=64 --gridDim=16 -DWIDTH=256`): take the -D ones.
project_gpuverify() {
	local top=$CORPUS/gpuverify i=0 f defs
	write_gpuverify_stub
	while read -r f; do
		defs=$(sed -n '2{s|^//||;p;q}' "$top/$f" | grep -oE '(^| )-D[A-Za-z_][A-Za-z_0-9]*(=[^ ]*)?' | tr -d ' ' | tr '\n' ' ')
		i=$((i + 1))
		# shellcheck disable=SC2086
		add_job gpuverify "$i" "$top" "$f" -include "$WORK/gpuverify_annotations.h" $defs
	done < <(list_files "$top")
}

project_gpurepair() {
	local top=$CORPUS/gpurepair i=0 f
	while read -r f; do
		i=$((i + 1))
		add_job gpurepair "$i" "$top" "$f"
	done < <(list_files "$top")
}

project_ggml() {
	local top=$CORPUS/ggml i=0 f
	[ -d "$top/src/ggml-cuda" ] || return 0
	while read -r f; do
		i=$((i + 1))
		add_job ggml "$i" "$top" "src/ggml-cuda/$f" -I include -I src -I src/ggml-cuda
	done < <(list_files "$top/src/ggml-cuda" -not -path './vendors/*')
}
