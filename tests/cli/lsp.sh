#!/bin/sh
# cudalint lsp: its own options and the analysis options it checks; then
# sessions over a pipe, each transcript one message a line: an unsaved
# text (not on disk) analysed with the workspace's .cudalint.yaml, its
# columns in UTF-16 code units, notes as relatedInformation; a change
# while the analysis of the older text runs (CUDALINT_TEST_STALL_ON makes
# it certain that it still runs): only the newer version is published;
# close clears. The waits are for messages, with a hang guard only.
. "$(dirname "$0")/lib.sh"

say "the subcommand's help"
run lsp --help
say "bad options: usage errors, exit status 2"
run lsp --debounce=soon
run lsp --workers=0
run lsp --no-such-option
run lsp kernel.cu
run lsp -o report.json

# frame BODY: one message on the wire
frame() {
	printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"
}
# start ARGS...: the server, its input a pipe on fd 3
start() {
	rm -f "$T/fifo" "$T/lsp.out"
	mkfifo "$T/fifo"
	"$CUDALINT" lsp "$@" <"$T/fifo" >"$T/lsp.out" 2>"$T/lsp.err" &
	PID=$!
	exec 3>"$T/fifo"
}
# wait_for N: until N diagnostics have been published (a hang guard of 600 s)
wait_for() {
	i=0
	while [ "$(grep -o 'publishDiagnostics' "$T/lsp.out" | wc -l)" -lt "$1" ] && [ $i -lt 6000 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# stop: shutdown, exit; the messages, one a line, and the exit status
stop() {
	frame '{"jsonrpc":"2.0","id":99,"method":"shutdown"}' >&3
	frame '{"jsonrpc":"2.0","method":"exit"}' >&3
	exec 3>&-
	wait "$PID"
	RC=$?
	{ cat "$T/lsp.out"; echo; } | tr -d '\r' | sed -e 's/Content-Length: [0-9]*$//' -e '/^$/d' >>"$TR"
	if [ -s "$T/lsp.err" ]; then
		echo "--- stderr" >>"$TR"
		cat "$T/lsp.err" >>"$TR"
	fi
	echo "--- exit $RC" >>"$TR"
}

URI="file://$W"
INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"'$URI'","capabilities":{}}}'
# an unsaved text; on its barrier line a comment with é and 😀, so that
# the barrier's UTF-16 column (character 10) differs from its byte column (14)
TEXT='__global__ void k(float *out)\n{\n\t__shared__ float buf[32];\n\tif (threadIdx.x < 32) {\n\t\tbuf[threadIdx.x] = out[threadIdx.x];\n\t\t/*\u00e9\ud83d\ude00*/ __syncthreads();\n\t}\n\tout[threadIdx.x] = buf[threadIdx.x % 32];\n}\n'
printf 'severity:\n  CL1001: warning\n' >.cudalint.yaml

say "a session: initialize, an unsaved file opened (the configuration makes CL1001 a warning), a code action, close"
start --debounce=0 --no-cuda-toolkit
frame "$INIT" >&3
frame '{"jsonrpc":"2.0","method":"initialized","params":{}}' >&3
frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"'$URI'/unsaved.cu","languageId":"cuda","version":1,"text":"'"$TEXT"'"}}}' >&3
wait_for 1
frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"'$URI'/unsaved.cu"},"range":{"start":{"line":5,"character":0},"end":{"line":5,"character":0}},"context":{"diagnostics":[{"range":{"start":{"line":5,"character":13},"end":{"line":5,"character":26}},"code":"CL1001","source":"cudalint","message":"m"}]}}}' >&3
frame '{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"'$URI'/unsaved.cu"}}}' >&3
wait_for 2
stop
check "[ ! -e unsaved.cu ]" "the server wrote the unsaved file"

say "a change while the older text's analysis runs: that worker is killed, only version 2 is published"
CUDALINT_TEST_STALL_ON=slow.cu
export CUDALINT_TEST_STALL_ON
start --debounce=0 --no-cuda-toolkit
frame "$INIT" >&3
frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"'$URI'/slow.cu","languageId":"cuda","version":1,"text":"'"$TEXT"'"}}}' >&3
frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"'$URI'/slow.cu","version":2},"contentChanges":[{"text":"__global__ void k() {}\n"}]}}' >&3
wait_for 1
stop
unset CUDALINT_TEST_STALL_ON

finish
