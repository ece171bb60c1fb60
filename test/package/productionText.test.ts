/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// What a production user reads (node and credential descriptions, hints, notices, option names,
// errors and their descriptions) says nothing of the sandbox: no emulator, no npm scripts, no
// loopback addresses. n8n shows these texts as plain text, so a markdown backtick would be shown
// as it is. Checked in the built descriptions (the snapshot's source) and in every string literal
// of nodes/ and credentials/, where error texts are written.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

import { describePackage, REPO_ROOT } from '../support/descriptions';

const SANDBOX_WORDING: Array<[string, RegExp]> = [
	['the emulator', /emulator/i],
	['the sandbox', /sandbox/i],
	['an npm script', /\bnpm (run|ci|test|install)\b/i],
	['a loopback address', /127\.0\.0\.1|localhost|\[::1\]/i],
	['a markdown backtick', /`/],
];

function problemsOf(text: string): string[] {
	return SANDBOX_WORDING.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

/** Every string in a JSON value, with its path. */
function stringsOf(value: unknown, at: string, found: Array<{ at: string; text: string }>): Array<{ at: string; text: string }> {
	if (typeof value === 'string') found.push({ at, text: value });
	else if (Array.isArray(value)) value.forEach((entry, index) => stringsOf(entry, `${at}[${index}]`, found));
	else if (value !== null && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) stringsOf(entry, `${at}.${key}`, found);
	}
	return found;
}

function sourceFiles(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(file);
		return entry.name.endsWith('.ts') ? [file] : [];
	});
}

/** The text of every string literal and template literal part in a file (module names of imports excluded), with its line. */
function literalsOf(file: string): Array<{ line: number; text: string }> {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2019, true);
	const found: Array<{ line: number; text: string }> = [];
	const visit = (node: ts.Node): void => {
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
			found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('production text', () => {
	it('the node and credential descriptions name no sandbox, emulator, npm script or loopback address, and hold no backticks', () => {
		const described = JSON.parse(describePackage('source')) as unknown;
		const strings = stringsOf(described, '', []);
		// The walk reached the texts users read (a guard against a walk that finds nothing).
		expect(strings.some(({ at }) => at.endsWith('.hint'))).toBe(true);
		expect(strings.filter(({ at }) => at.endsWith('.description')).length).toBeGreaterThan(100);
		const offending = strings.flatMap(({ at, text }) => problemsOf(text).map((what) => `${at}: ${what} in "${text}"`));
		expect(offending).toEqual([]);
	});

	it('no string literal in nodes/ or credentials/ (error texts, hints, notices) does either', () => {
		const files = [...sourceFiles(path.join(REPO_ROOT, 'nodes')), ...sourceFiles(path.join(REPO_ROOT, 'credentials'))];
		const literals = files.flatMap((file) => literalsOf(file).map((literal) => ({ ...literal, file: path.relative(REPO_ROOT, file) })));
		expect(literals.length).toBeGreaterThan(1000);
		const offending = literals.flatMap(({ file, line, text }) => problemsOf(text).map((what) => `${file}:${line}: ${what} in "${text}"`));
		expect(offending).toEqual([]);
	});

	it('the check finds what it is meant to find', () => {
		expect(problemsOf('(or the local emulator of `npm run dev`)')).toEqual(['the emulator', 'an npm script', 'a markdown backtick']);
		expect(problemsOf('The emulator of npm run dev: http://127.0.0.1:5680')).toEqual(['the emulator', 'an npm script', 'a loopback address']);
		expect(problemsOf("In the service's dashboard, beside the API key")).toEqual([]);
	});
});
