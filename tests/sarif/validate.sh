#!/usr/bin/env bash
# validate.sh [--report REPORT] SARIF_FILE - checks a SARIF file with
# Microsoft's validator (SARIF Multitool 5.7.0), with the SARIF rules and
# GitHub code scanning's (GHnnnn):
#   Sarif.Multitool validate FILE --output REPORT --rule-kind "Sarif;Gh"
# Prints each result of the report on stderr (RULE level: message (line N))
# and exits 1 if the report holds any result or the validator could not
# run; 0 for a clean file. --report keeps the validator's report.
#
# The validator is the native binary of the npm package
# @microsoft/sarif-multitool-linux (tests/npm/install.sh installs it),
# called with its arguments as an argv array. Not the package's bin.js
# (node_modules/.bin/sarif-multitool, npx): that one spawns a shell, which
# splits "Sarif;Gh" at the ';', so only the SARIF rules ran and the shell
# said "Gh: not found".
set -euo pipefail

keep=
if [ "${1:-}" = "--report" ] && [ $# -ge 2 ]; then
	keep=$2
	shift 2
fi
if [ $# -ne 1 ]; then
	echo "usage: $0 [--report REPORT] SARIF_FILE" >&2
	exit 2
fi
file=$1
[ -r "$file" ] || { echo "validate.sh: cannot read $file" >&2; exit 2; }

modules=$(sh "$(dirname "$0")/../npm/install.sh") || {
	rc=$?
	[ $rc = 77 ] && exit 77 # not installed, or Node.js too old: skipped, with the reason printed
	echo "validate.sh: the validator could not be installed" >&2
	exit 1
}
tool=$modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
[ -x "$tool" ] || { echo "validate.sh: $tool is missing" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
report=$work/report.sarif
args=(validate "$file" --output "$report" --rule-kind "Sarif;Gh")
if ! "$tool" "${args[@]}" >"$work/log" 2>&1; then
	# Without --rich-return-code it exits 0 even when it reports errors;
	# non-zero means it could not run.
	cat "$work/log" >&2
	echo "validate.sh: the validator failed: $tool ${args[*]}" >&2
	exit 1
fi
[ -f "$report" ] || { cat "$work/log" >&2; echo "validate.sh: validator wrote no report" >&2; exit 1; }
[ -z "$keep" ] || cp "$report" "$keep"

node - "$report" <<'JS'
const fs = require('fs');
const r = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let n = 0;
for (const run of r.runs || []) {
	for (const res of run.results || []) {
		n++;
		const loc = (((res.locations || [])[0] || {}).physicalLocation || {}).region || {};
		const m = res.message || {};
		console.error(`${res.ruleId} ${res.level || 'warning'}: ${m.text || `${m.id} ${JSON.stringify(m.arguments)}`} (line ${loc.startLine})`);
	}
	for (const inv of run.invocations || [])
		for (const note of inv.toolExecutionNotifications || [])
			if (note.level === 'error') {
				n++;
				console.error(`validator error: ${(note.message || {}).text}`);
			}
}
console.log(`sarif-multitool: ${n} result(s)`);
process.exit(n === 0 ? 0 : 1);
JS
