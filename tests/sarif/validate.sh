#!/usr/bin/env bash
# validate.sh SARIF_FILE - checks a SARIF file with Microsoft's validator,
# using the SARIF and GitHub code-scanning rule sets:
#   sarif-multitool validate FILE --output REPORT --rule-kind "Sarif;Gh"
# Fails (exit 1) if the report holds any result or the validator could not
# run. Installs @microsoft/sarif-multitool with npm into
# $CUDALINT_NPM_CACHE (default $HOME/.cache/cudalint-npm) when missing.
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: $0 SARIF_FILE" >&2
	exit 2
fi
file=$1
[ -r "$file" ] || { echo "validate.sh: cannot read $file" >&2; exit 2; }

version=5.7.0
cache=${CUDALINT_NPM_CACHE:-$HOME/.cache/cudalint-npm}
tool=$cache/node_modules/.bin/sarif-multitool
if [ ! -x "$tool" ]; then
	echo "validate.sh: installing @microsoft/sarif-multitool@$version into $cache" >&2
	mkdir -p "$cache"
	(cd "$cache" && npm install --no-audit --no-fund --silent "@microsoft/sarif-multitool@$version") >&2
fi
# npm may skip the package's postinstall (chmod u+x of the .NET binary).
for bin in "$cache"/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool; do
	[ -f "$bin" ] && [ ! -x "$bin" ] && chmod u+x "$bin"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
report=$work/report.sarif
if ! "$tool" validate "$file" --output "$report" --rule-kind "Sarif;Gh" >"$work/log" 2>&1; then
	# The validator exits non-zero when it finds errors; the report says which.
	[ -f "$report" ] || { cat "$work/log" >&2; echo "validate.sh: validator did not run" >&2; exit 1; }
fi
[ -f "$report" ] || { cat "$work/log" >&2; echo "validate.sh: validator wrote no report" >&2; exit 1; }

node - "$report" <<'JS'
const fs = require('fs');
const r = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let n = 0;
for (const run of r.runs || []) {
	for (const res of run.results || []) {
		n++;
		const loc = (((res.locations || [])[0] || {}).physicalLocation || {}).region || {};
		console.error(`${res.ruleId} ${res.level || 'warning'}: ${(res.message || {}).text || JSON.stringify((res.message || {}).arguments)} (line ${loc.startLine})`);
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
