// matcher.js MATCHER.json CASE... - runs a GitHub Actions problem matcher
// over cudalint's text output the way the Actions runner does, and checks
// the annotations it would make against cudalint's JSON report of the same
// run. Each CASE is NAME=TEXT_FILE[,JSON_FILE]: TEXT_FILE holds what the
// step printed (stdout and stderr together), JSON_FILE the --format=json
// report of the same command (none for a run that stops before analysing).
//
// What the runner does (actions/runner, src/Runner.Worker/IssueMatcher.cs
// and Handlers/OutputManager.cs), and so this script:
//   - a matcher file is {"problemMatcher": [...]}; each matcher has an
//     owner, an optional default severity ("", error, warning, notice) and
//     patterns whose group numbers must exist in their regexp;
//   - each output line is tried against the matchers in order; the first
//     match that makes an issue wins (one line, one annotation at most);
//   - an issue needs a message that is not blank; its severity is the
//     captured one, else the matcher's default, else error; a severity that
//     is not error, warning or notice (case-insensitive) drops the issue;
//   - the regexps are .NET's in ECMAScript mode, which JavaScript's RegExp
//     follows; this script compiles them with RegExp (no flags).
// Only single-line matchers are simulated; the script refuses others.
//
// Expected annotations, exactly once each, nothing else:
//   - every finding of the JSON report that is not suppressed: its file,
//     line, column, level (note -> notice), rule ID as the code, message;
//   - every "cudalint: error: ..." and "cudalint: warning: ..." line (what
//     could not be analysed, bad options and configuration, a directory
//     without sources): an error or a warning whose message is the text
//     after "cudalint: LEVEL: "; for each JSON failure, such an annotation
//     carries the failure's file, and its line and column when the failure
//     has them.
// Note lines (related locations), suppressed findings, cudalint's notes
// on stderr and clang's own diagnostics make none.
'use strict';
const fs = require('fs');

let failed = 0;
function fail(msg) {
	console.error(`FAIL: ${msg}`);
	failed = 1;
}

const [matcherFile, ...cases] = process.argv.slice(2);
const doc = JSON.parse(fs.readFileSync(matcherFile, 'utf8'));
if (!Array.isArray(doc.problemMatcher) || doc.problemMatcher.length === 0) {
	console.error(`FAIL: ${matcherFile}: no "problemMatcher" array`);
	process.exit(1);
}

// --- the matcher file, checked as the runner checks it when it is added
const props = ['file', 'line', 'column', 'severity', 'code', 'message', 'fromPath'];
const owners = new Set();
const matchers = doc.problemMatcher.map((m, i) => {
	const where = `problemMatcher[${i}]`;
	if (!m.owner) fail(`${where}: no owner`);
	if (owners.has(m.owner)) fail(`${where}: owner ${m.owner} twice`);
	owners.add(m.owner);
	if (!['', 'ERROR', 'WARNING', 'NOTICE'].includes((m.severity || '').toUpperCase()))
		fail(`${where}: default severity '${m.severity}'`);
	if (!Array.isArray(m.pattern) || m.pattern.length !== 1)
		fail(`${where}: ${m.owner}: only single-line matchers (one pattern) are simulated here`);
	const p = m.pattern[0];
	let re;
	try {
		re = new RegExp(p.regexp);
	} catch (e) {
		fail(`${where}: ${m.owner}: the regexp does not compile: ${e.message}`);
		return null;
	}
	const groups = new RegExp(`${p.regexp}|`).exec('').length; // groups + 1, as .NET counts them
	for (const k of props)
		if (p[k] !== undefined && !(Number.isInteger(p[k]) && p[k] >= 0 && p[k] < groups))
			fail(`${where}: ${m.owner}: '${k}' is group ${p[k]}, which the regexp does not have`);
	if (p.message === undefined) fail(`${where}: ${m.owner}: no message group`);
	if (p.loop) fail(`${where}: ${m.owner}: loop is for multi-line matchers`);
	return { owner: m.owner, severity: m.severity || '', p, re };
});
if (failed) process.exit(1);

// The issue the runner makes from a line, or null.
function annotate(line) {
	const hits = [];
	for (const m of matchers) {
		const g = m.re.exec(line);
		if (!g) continue;
		const get = (k) => (m.p[k] === undefined ? undefined : g[m.p[k]]);
		const message = get('message');
		if (message === undefined || message.trim() === '') continue;
		const sev = (get('severity') || m.severity || 'error').toLowerCase();
		if (!['error', 'warning', 'notice'].includes(sev)) continue; // dropped by the runner
		hits.push({
			owner: m.owner,
			severity: sev,
			file: get('file') || null,
			line: get('line') ? Number(get('line')) : null,
			column: get('column') ? Number(get('column')) : null,
			code: get('code') ? get('code').trim() : null,
			message,
		});
	}
	// The runner takes the first; a line two matchers would annotate
	// depends on their order: make them exclusive.
	if (hits.length > 1) fail(`two matchers annotate one line (${hits.map((h) => h.owner).join(', ')}): ${line}`);
	return hits[0] || null;
}

const key = (a) => JSON.stringify([a.severity, a.file, a.line, a.column, a.code, a.message]);
const show = (a) => `${a.severity} ${a.file}:${a.line}:${a.column} [${a.code}] ${a.message}`;

let total = 0;
for (const c of cases) {
	const [name, files] = c.split('=');
	const [textFile, jsonFile] = files.split(',');
	const lines = fs.readFileSync(textFile, 'utf8').split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	const report = jsonFile ? JSON.parse(fs.readFileSync(jsonFile, 'utf8')) : { findings: [], failures: [] };

	const got = [];
	lines.forEach((l, i) => {
		const a = annotate(l);
		if (a) got.push({ ...a, at: i + 1, text: l });
	});

	// expected: the findings, then the error lines
	const want = [];
	for (const f of report.findings) {
		if (f.suppressed) continue;
		want.push({
			severity: f.level === 'note' ? 'notice' : f.level,
			file: f.file,
			line: f.line,
			column: f.column,
			code: f.rule_id,
			message: f.message,
		});
	}
	const runLine = /^cudalint: (error|warning): (.*)$/;
	const errorLines = lines.filter((l) => runLine.test(l));
	const gotErrors = got.filter((a) => runLine.test(a.text));
	for (const l of errorLines) {
		const [, level, msg] = runLine.exec(l);
		const hit = gotErrors.filter((a) => a.message === msg && a.severity === level);
		if (hit.length !== 1) fail(`${name}: '${l}' makes ${hit.length} ${level} annotations with its message, not 1`);
	}
	for (const x of report.failures) {
		const hit = gotErrors.filter(
			(a) => a.file === x.file && a.line === (x.line ?? null) && a.column === (x.column ?? null),
		);
		if (hit.length !== 1)
			fail(`${name}: failure ${x.file}:${x.line}:${x.column} (${x.reason}) has ${hit.length} annotations at its place, not 1`);
	}
	if (gotErrors.length !== errorLines.length)
		fail(`${name}: ${gotErrors.length} annotations from ${errorLines.length} 'cudalint: error|warning:' lines`);

	const rest = got.filter((a) => !runLine.test(a.text));
	const pool = new Map();
	for (const a of rest) {
		const k = key(a);
		if (!pool.has(k)) pool.set(k, []);
		pool.get(k).push(a);
	}
	for (const w of want) {
		const k = key(w);
		const list = pool.get(k);
		if (!list || list.length === 0) fail(`${name}: finding not annotated (or annotated wrongly): ${show(w)}`);
		else list.shift();
	}
	for (const list of pool.values())
		for (const a of list) fail(`${name}: line ${a.at} makes an annotation that is no finding of the report: ${a.text}`);

	const notes = lines.filter((l) => / note: /.test(l) && !/\[CL\d{4} [a-z0-9-]+\]$/.test(l)).length;
	const suppressed = report.findings.filter((f) => f.suppressed).length;
	console.log(
		`${name}: ${lines.length} lines, ${got.length} annotations: ${want.length} findings (` +
			['error', 'warning', 'notice'].map((s) => `${want.filter((w) => w.severity === s).length} ${s}`).join(', ') +
			`), ${errorLines.length} cudalint errors and warnings; none from ${notes} note lines, ${suppressed} suppressed findings`,
	);
	total += got.length;
}
if (!failed) console.log(`every finding annotated exactly once (${total} annotations in all)`);
process.exit(failed);
