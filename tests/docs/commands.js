// docs.commands: every command the Markdown of this repository shows is run
// here, or is listed in tests/docs/commands.txt with the reason it cannot
// be; so the docs and cudalint's behaviour cannot drift apart.
//
// usage: node tests/docs/commands.js CUDALINT SOURCE_DIR
//   KEEP=1 keeps the work folder; ONLY=REGEX runs the blocks of the pages
//   whose path matches only
//
// What counts as a command (a simple fence scanner, no Markdown library):
//   - in a ```sh, ```shell, ```bash or ```console block: every line that is
//     not blank and not a comment; a line ending in `\` goes on. A comment
//     line right under a command is output the doc shows for it;
//   - in a block with no language (or ```console): a line starting with
//     `$ `, the lines under it up to the next `$ ` or the fence being its
//     output. Blocks of other languages (```text, ```yaml, ```c) hold no
//     commands.
// A command is known by its text without its trailing comment. Each must
// have an entry in commands.txt: `exit N in PLACE` (run it) or `skip:
// REASON`. The commands of one block run in that order, in one bash, in
// a fresh PLACE (made by the place's script in an empty temporary folder),
// so that what one line writes or sets the next sees. Each must exit N;
// where the doc shows output, the output must hold it: colours removed and
// the place's path made relative, `...` on a line of its own stands for
// any lines and `...` in a line for any text. Output under a `$ ` line is
// the whole output; output in comments is an excerpt (the lines in order).
// An entry no doc uses any more fails the test too. A block whose commands
// all passed before (the same commands before each, in the same place) is
// not run again.
'use strict';
const fs = require('fs');
const path = require('path');
const os = require('os');
const { spawnSync } = require('child_process');

if (process.argv.length !== 4) {
	console.error('usage: node tests/docs/commands.js CUDALINT SOURCE_DIR');
	process.exit(2);
}
const cl = path.resolve(process.argv[2]);
const src = path.resolve(process.argv[3]);
const HANG_S = 1800; // a hang detector per block, not a time limit under test (822 s seen at load 19)

// --- the Markdown files: README, CONTRIBUTING, BENCHMARKS, docs/**, rules/, tools/*/README.md
function walk(dir) {
	const abs = path.join(src, dir);
	if (!fs.existsSync(abs)) return [];
	return fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
		.flatMap(e => e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []);
}
const mdFiles = ['README.md', 'CONTRIBUTING.md', 'BENCHMARKS.md'].filter(f => fs.existsSync(path.join(src, f)))
	.concat(walk('docs'), walk('rules'),
		(fs.existsSync(path.join(src, 'tools')) ? fs.readdirSync(path.join(src, 'tools')) : []).map(d => path.join('tools', d, 'README.md')).filter(f => fs.existsSync(path.join(src, f))).sort());

// The text of a shell line without its trailing comment: `#` starts one at
// the start of a word outside quotes, as in the shell.
function stripComment(line) {
	let q = null;
	for (let i = 0; i < line.length; i++) {
		const c = line[i];
		if (q) {
			if (c === '\\' && q === '"') i++;
			else if (c === q) q = null;
		} else if (c === '\\') i++;
		else if (c === "'" || c === '"') q = c;
		else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i).trimEnd();
	}
	return line.trimEnd();
}

// blocks: [{file, line, commands: [{text, line, output: [..] | null, excerpt}]}]
function scan(file) {
	const lines = fs.readFileSync(path.join(src, file), 'utf8').split('\n');
	const blocks = [];
	for (let i = 0; i < lines.length; i++) {
		const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
		if (!open) continue;
		const [, indent, fence, lang] = open;
		const body = [];
		let j = i + 1;
		for (; j < lines.length && !(lines[j].trim().startsWith(fence) && lines[j].trim().replace(/[`~]/g, '') === ''); j++)
			body.push({ text: lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart(), line: j + 1 });
		const block = { file, line: i + 1, commands: [] };
		const shell = ['sh', 'shell', 'bash', 'console'].includes(lang);
		const dollar = (lang === '' || lang === 'console') && body.some(b => b.text.startsWith('$ '));
		let cur = null;
		for (let k = 0; k < body.length; k++) {
			let { text, line } = body[k];
			if (dollar || lang === 'console') {
				if (text.startsWith('$ ')) {
					text = text.slice(2);
					while (text.endsWith('\\') && k + 1 < body.length) text = text.slice(0, -1) + '\n' + body[++k].text;
					cur = { text: stripComment(text), line, output: [], excerpt: false };
					block.commands.push(cur);
				} else if (cur) cur.output.push(text);
			} else if (shell) {
				if (text.trim() === '') { cur = null; continue; }
				if (/^\s*#/.test(text)) {
					if (cur) { cur.output = cur.output || []; cur.output.push(text.replace(/^\s*# ?/, '')); }
					continue;
				}
				while (text.endsWith('\\') && k + 1 < body.length) text = text.slice(0, -1) + '\n' + body[++k].text;
				cur = { text: stripComment(text), line, output: null, excerpt: true };
				block.commands.push(cur);
			}
		}
		if (block.commands.length) blocks.push(block);
		i = j;
	}
	return blocks;
}

// --- commands.txt: `place NAME` ... `end` (a bash script), and entries
// `$ COMMAND` followed by `exit N in PLACE` or `skip: REASON`.
function readTable() {
	const file = path.join(src, 'tests/docs/commands.txt');
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	const places = {}, entries = new Map();
	for (let i = 0; i < lines.length; i++) {
		const l = lines[i];
		const where = `tests/docs/commands.txt:${i + 1}`;
		if (l.trim() === '' || l.startsWith('#')) continue;
		let m;
		if ((m = /^place (\S+?)(?:: (\S+))?$/.exec(l))) {
			if (m[2] && !(m[2] in places)) throw new Error(`${where}: place ${m[1]} starts from ${m[2]}, which is not defined above it`);
			const body = m[2] ? [places[m[2]]] : [];
			for (i++; i < lines.length && lines[i] !== 'end'; i++) body.push(lines[i]);
			places[m[1]] = body.join('\n');
		} else if (l.startsWith('$ ')) {
			let text = l.slice(2);
			while (text.endsWith('\\')) text = text.slice(0, -1) + '\n' + lines[++i];
			const how = lines[++i] || '';
			let e;
			if ((m = /^exit (\d+) in (\S+)$/.exec(how))) e = { exit: Number(m[1]), place: m[2] };
			else if ((m = /^skip: (.+)$/.exec(how))) e = { skip: m[1] };
			else throw new Error(`${where}: '$ ${text}' needs a line 'exit N in PLACE' or 'skip: REASON' under it`);
			if (entries.has(text)) throw new Error(`${where}: '${text}' is listed twice`);
			e.where = where;
			entries.set(text, e);
		} else throw new Error(`${where}: not a place, an entry or a comment: ${l}`);
	}
	for (const [text, e] of entries)
		if (e.place && !(e.place in places)) throw new Error(`${e.where}: '${text}': no place '${e.place}'`);
	return { places, entries };
}

// a line of the doc as a RegExp: `...` is any text; an excerpt's line may
// be anywhere in a line of the output
function regexLine(l, excerpt) {
	const re = l.split('...').map(s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
	return new RegExp(excerpt ? re : '^' + re + '$');
}
// does the actual output (lines) hold the expected one?
function matches(expected, actual, excerpt) {
	const pats = expected.map(l => l.trim() === '...' ? null : regexLine(l.trimEnd(), excerpt));
	if (excerpt) pats.unshift(null), pats.push(null);
	const memo = new Map();
	const go = (p, a) => {
		const key = p * 100000 + a;
		if (memo.has(key)) return memo.get(key);
		let r;
		if (p === pats.length) r = a === actual.length;
		else if (pats[p] === null) r = go(p + 1, a) || (a < actual.length && go(p, a + 1));
		else r = a < actual.length && pats[p].test(actual[a]) && go(p + 1, a + 1);
		memo.set(key, r);
		return r;
	};
	return go(0, 0);
}

function q(s) { return `'${s.replace(/'/g, `'\\''`)}'`; }

let failed = 0, ran = 0, skipped = 0;
function fail(msg) { console.error(`FAIL: ${msg}`); failed++; }

const { places, entries } = readTable();
const blocks = mdFiles.flatMap(scan);
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null; // ONLY=REGEX: run the blocks of those docs only
const used = new Set();
const done = new Map(); // place and commands up to one that passed -> where
const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), 'cudalint-docs-commands.'));
const bin = path.join(tmp, 'bin');
fs.mkdirSync(bin);
fs.symlinkSync(cl, path.join(bin, 'cudalint'));
const env = Object.assign({}, process.env, {
	PATH: `${bin}:${process.env.PATH}`, SRC: src, CUDALINT: cl, LC_ALL: 'C', NO_COLOR: '1',
	CUDALINT_CACHE_DIR: path.join(tmp, 'cache'), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
	GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t',
});
try {
	blocks.forEach((block, n) => {
		const where = `${block.file}:${block.line}`;
		const runs = [];
		if (only && !only.test(block.file)) {
			block.commands.forEach(c => used.add(c.text));
			return;
		}
		for (const c of block.commands) {
			const e = entries.get(c.text);
			used.add(c.text);
			if (!e) {
				fail(`${block.file}:${c.line}: a command tests/docs/commands.txt does not list; add it as\n$ ${c.text}\nexit N in PLACE   (or: skip: REASON)`);
				continue;
			}
			if (e.skip) { skipped++; continue; }
			runs.push(Object.assign({}, c, e));
		}
		if (!runs.length) return;
		const placeNames = [...new Set(runs.map(r => r.place))];
		if (placeNames.length > 1) return fail(`${where}: the commands of one block run in one place, not ${placeNames.join(', ')}`);
		// a block whose commands all ran before, each after the same
		// commands in the same place, is not run again: nothing differs
		const keys = runs.map((r, k) => [r.place, ...runs.slice(0, k + 1).map(x => x.text)].join('\n'));
		if (keys.every(k => done.has(k))) {
			ran += runs.length;
			return runs.forEach((r, k) => console.log(`ok: ${block.file}:${r.line}: ${r.text.split('\n')[0]}: as at ${done.get(keys[k])}`));
		}
		const dir = path.join(tmp, `b${n}`);
		fs.mkdirSync(dir);
		const setup = spawnSync('bash', ['-eu', '-c', places[placeNames[0]]], { cwd: dir, env, encoding: 'utf8' });
		if (setup.status === 77) {
			skipped += runs.length;
			return console.log(`skip: ${where}: ${runs.length} command(s): ${setup.stderr.trim()}`);
		}
		if (setup.status !== 0) return fail(`${where}: making place ${placeNames[0]} failed: ${setup.stdout}${setup.stderr}`);
		// one bash for the block: each command's output and status in files
		const script = runs.map((r, k) => `{ ${r.text}\n} >${q(`${dir}.out${k}`)} 2>&1 </dev/null; echo $? >${q(`${dir}.rc${k}`)}\n`).join('');
		const t0 = Date.now();
		const res = spawnSync('bash', ['-c', script], { cwd: dir, env, encoding: 'utf8', timeout: HANG_S * 1000 });
		console.log(`${where}: ${runs.length} command(s) in ${placeNames[0]}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
		if (res.error) return fail(`${where}: ${res.error.message}`);
		runs.forEach((r, k) => {
			const id = `${block.file}:${r.line}: ${r.text.split('\n')[0]}`;
			let rc, out;
			try {
				rc = Number(fs.readFileSync(`${dir}.rc${k}`, 'utf8'));
				out = fs.readFileSync(`${dir}.out${k}`, 'utf8');
			} catch (err) { return fail(`${id}: did not run (an earlier command of the block ended the shell?)`); }
			out = out.replace(/\x1b\[[0-9;]*m/g, '').split(dir + '/').join('').split(dir).join('.');
			const lines = out.replace(/\n$/, '').split('\n');
			const shown = r.output && r.output.length;
			if (shown && !matches(r.output.filter((l, i, a) => i < a.length - 1 || l !== ''), out === '' ? [] : lines, r.excerpt))
				fail(`${id}: the output is not what the doc shows${rc !== r.exit ? ` (and it exits ${rc}, not ${r.exit})` : ''}:\n--- doc\n${r.output.join('\n')}\n--- got\n${out}`);
			else if (rc !== r.exit)
				fail(`${id}: exits ${rc}, tests/docs/commands.txt says ${r.exit}; its output:\n${out.replace(/^/gm, '    ')}`);
			else done.set(keys[k], `${block.file}:${r.line}`), console.log(`ok: ${id}: exit ${rc}${r.output && r.output.length ? ', output as shown' : ''}`);
			ran++;
		});
	});
	for (const [text, e] of entries)
		if (!used.has(text)) fail(`${e.where}: '${text}': no doc shows this command any more; remove the entry`);
} finally {
	if (!process.env.KEEP) fs.rmSync(tmp, { recursive: true, force: true });
	else console.log(`kept ${tmp}`);
}
console.log(`${ran} commands run, ${skipped} skipped with a reason, ${failed} failures`);
process.exit(failed ? 1 : 0);
