#!/bin/sh
# A repository chooses clang arguments (its .cudalint.yaml, a parent it
# extends, its compile database and nvcc response files, the hook's
# --extra-arg): none of them may make cudalint write a file or load code
# (docs/security.md). Each argument set below writes a file, reads more
# arguments from a file or loads code when clang gets it; each is tried
# through every route, in a directory of its own with HOME inside it, and
# afterwards nothing in that directory is new.
#
#   sh tests/hostile/clang_args.sh CUDALINT
. "$(dirname "$0")/lib.sh"

# One argument set a line, words split at spaces; @W@ is the case's
# directory (absolute output paths), a plain name is relative to it.
cat >sets <<'EOF'
-MD -MF @W@/hook.sh -MT touch_pwned
-MMD -MF dep.d
-M -MF @W@/m.d
-MJ @W@/cdb.json
-ftime-trace=@W@/trace.json
-ftime-trace -ftime-trace-granularity=0
-Xclang -dependency-file -Xclang @W@/x.d -Xclang -MT -Xclang x
-Xclang -header-include-file -Xclang @W@/h.txt
-Wp,-MD,@W@/wp.d
-Xpreprocessor -MD -Xpreprocessor -MF -Xpreprocessor @W@/xp.d
-fmodules -fmodules-cache-path=@W@/mc
-fmodules
--config=@W@/c.cfg
@@W@/r.rsp
-o @W@/out.o
-save-temps
-fsave-optimization-record -foptimization-record-file=@W@/opt.yaml
-fcrash-diagnostics-dir=@W@/crash
--serialize-diagnostics @W@/d.dia
-fplugin=@W@/p.so
-fpass-plugin=@W@/p.so
-Xclang -load -Xclang @W@/p.so
-mllvm -stats
EOF

# fresh NAME: an empty case directory W holding the kernel, the argument
# files the sets name, and a stamp to compare against
fresh() {
	W=$T/w/$1
	rm -rf "$W"
	mkdir -p "$W/home"
	cp "$T/kernel.cu" "$W/k.cu"
	printf -- '-MD -MF %s/from-rsp.d\n' "$W" >"$W/r.rsp"
	printf -- '-MD -MF %s/from-cfg.d\n' "$W" >"$W/c.cfg"
	touch -d '2000-01-01' "$W" "$W"/* "$W/home"
	touch "$W/.stamp"
	export HOME="$W/home"
	cd "$W" || exit 2
}

# nothing_written: no file or directory in W is newer than the stamp
nothing_written() {
	NEW=$(find "$W" -newer "$W/.stamp" ! -path "$W" ! -path "$W/.cudalint.yaml" ! -path "$W/compile_commands.json" \
		! -path "$W/opts.rsp" ! -path "$W/base.yaml" ! -path "$W/out" ! -path "$W/err" -print 2>/dev/null | head -n 5)
	[ -z "$NEW" ] || fail "a file was written: $NEW"
	[ ! -e "$W/touch_pwned" ] || fail "touch_pwned exists"
}

# refused: stderr names where the argument came from and the security page
refused() {
	grep -q "^cudalint: error: .*$1.*docs/security.md" err || fail "no refusal naming '$1': $(head -c 300 err)"
}

# yaml_list ARGS...: the arguments as a YAML flow sequence of quoted strings
yaml_list() {
	printf '['
	sep=
	for a; do
		printf '%s"%s"' "$sep" "$a"
		sep=', '
	done
	printf ']'
}

i=0
while IFS= read -r line; do
	i=$((i + 1))
	fresh "$i"
	# shellcheck disable=SC2086 # the set is split at spaces on purpose
	set -- $(printf '%s\n' "$line" | sed "s|@W@|$W|g")

	printf 'clang-args: %s\n' "$(yaml_list "$@")" >"$W/.cudalint.yaml"
	run "config/$line" "2" $NT k.cu
	grep -q "^cudalint: error: .cudalint.yaml:1: 'clang-args': .*docs/security.md" err ||
		fail "config/$line: no refusal naming .cudalint.yaml: $(head -c 300 err)"
	nothing_written

	printf 'clang-args: %s\n' "$(yaml_list "$@")" >"$W/base.yaml"
	printf 'extends: base.yaml\n' >"$W/.cudalint.yaml"
	run "extends/$line" "2" $NT k.cu
	grep -q "^cudalint: error: .*base.yaml:1: 'clang-args': .*docs/security.md" err ||
		fail "extends/$line: no refusal naming base.yaml: $(head -c 300 err)"
	rm -f "$W/.cudalint.yaml" "$W/base.yaml"
	nothing_written

	extra=
	for a; do extra="$extra --extra-arg=$a"; done
	# shellcheck disable=SC2086
	run "--extra-arg/$line" "2" $NT $extra k.cu
	refused "clang argument '"
	nothing_written

	run "--/$line" "2" $NT k.cu -- "$@"
	refused "clang argument '"
	nothing_written

	# a compile database and an nvcc response file: what cannot be used is
	# dropped there (the command is a build's), and the file is analysed
	{
		printf '[{"directory":"%s","arguments":["clang++"' "$W"
		for a; do printf ',"%s"' "$a"; done
		printf ',"-c","k.cu"],"file":"k.cu"}]\n'
	} >"$W/compile_commands.json"
	run "compdb/$line" "1" $NT -p . k.cu
	finds
	nothing_written
	printf '%s\n' "$@" >"$W/opts.rsp"
	printf '[{"directory":"%s","command":"nvcc --options-file opts.rsp -c k.cu","file":"k.cu"}]\n' "$W" \
		>"$W/compile_commands.json"
	run "rsp/$line" "1" $NT -p . k.cu
	finds
	nothing_written
done <sets

# "-x -MD" is passed, as clang reads it: -MD names the language, and the
# parse fails without writing
fresh x
run "config/-x -MD" "2" $NT --extra-arg=-x --extra-arg=-MD k.cu
grep -q "could not parse" err || fail "not a failed parse: $(head -c 300 err)"
nothing_written

# what reads only still passes, from the configuration and the command line
fresh ok
printf 'clang-args: [-Iinc, "-isystem", sys, -DX=1, -UY, -std=c++17, -Wno-unused, -fms-extensions, -fno-modules, -O2, -Xclang, -target-feature, -Xclang, +ptx80]\n' \
	>"$W/.cudalint.yaml"
mkdir -p "$W/inc" "$W/sys"
run "config/allowed" "1" $NT k.cu
finds
run "--extra-arg/allowed" "1" $NT --extra-arg=-DZ --extra-arg=-Wall k.cu -- -I inc
finds
rm -rf "$W/inc" "$W/sys" "$W/.cudalint.yaml"
nothing_written

finish
