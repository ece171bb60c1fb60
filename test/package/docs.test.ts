/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The documentation points at things that exist: every repository file docs/development.md names
// (it describes the code as it is), every relative link and #anchor in the README and docs/, and the
// documentation URLs the nodes and the credential show in n8n.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../support/package';

const USER_DOCS = ['README.md', 'docs/trigger.md', 'docs/poll-trigger.md', 'docs/action-node.md', 'docs/running-at-scale.md', 'docs/measured.md'];
const LINKED_DOCS = [...USER_DOCS, 'docs/development.md', 'CHANGELOG.md'];
// Where the nodes' and the credential's documentation URLs point (the repository on GitHub).
const REPOSITORY_URL = 'https://github.com/n8n-nodes-address-activity/n8n-nodes-address-activity';

// Names docs/development.md may still carry for files that no longer exist, per section (none).
const ALLOWED_MISSING: Record<string, string[]> = {};

const ROOT_FOLDERS = ['nodes/', 'credentials/', 'test/', 'scripts/', 'docs/', 'examples/', '.ci/', '.github/'];
const FILE_ENDINGS = /\.(ts|js|mjs|json|md|yml|yaml|svg|png|sh)$/;
const SKIPPED = ['dist/', '.n8n-sandbox', 'node_modules/'];

function read(file: string): string {
	return fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

/** Every file and folder of the repository (relative, '/'-separated), without generated ones. */
function repositoryEntries(): string[] {
	const entries: string[] = [];
	const walk = (relative: string) => {
		for (const entry of fs.readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
			if (['node_modules', 'dist', '.git', '.n8n-sandbox'].includes(entry.name)) continue;
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			entries.push(entry.isDirectory() ? `${child}/` : child);
			if (entry.isDirectory()) walk(child);
		}
	};
	walk('');
	return entries;
}

interface Section {
	heading: string;
	/** Inline code spans and the words of fenced blocks. */
	code: string[];
}

/** The document cut at its headings (## and deeper), with the code each section holds. */
function sections(markdown: string): Section[] {
	const result: Section[] = [{ heading: '', code: [] }];
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) {
			fenced = !fenced;
			continue;
		}
		const current = result[result.length - 1];
		if (fenced) {
			current.code.push(line);
			continue;
		}
		const heading = /^#{1,6} (.*)$/.exec(line);
		if (heading) {
			result.push({ heading: heading[1].trim(), code: [] });
			continue;
		}
		for (const span of line.matchAll(/`([^`]+)`/g)) current.code.push(span[1]);
	}
	return result;
}

/** The words of a code span that name a repository file or folder. */
function namedPaths(code: string): string[] {
	return code
		.split(/\s+/)
		.map((word) => word.replace(/^[("']+|[)"',:;.]+$/g, ''))
		.filter((word) => /^[\w.\-/<>]+$/.test(word) && !word.startsWith('/') && !SKIPPED.some((skipped) => word.startsWith(skipped)))
		.filter((word) => ROOT_FOLDERS.some((folder) => word.startsWith(folder)) || FILE_ENDINGS.test(word) || (/^[\w.-]+\/$/.test(word) && !word.startsWith('.')));
}

/** Whether a named path is a repository entry: from the root, or the end of an entry's path; `<x>` stands for one name. */
function exists(named: string, entries: string[]): boolean {
	if (named.includes('<')) {
		const pattern = new RegExp(`(^|/)${named.split(/<[^>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
		return entries.some((entry) => pattern.test(entry));
	}
	const names = named.endsWith('/') ? [named] : [named, `${named}/`];
	return entries.some((entry) => names.some((name) => entry === name || entry.endsWith(`/${name}`)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
	return heading
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	for (const { heading } of sections(markdown).slice(1)) {
		const anchor = anchorOf(heading);
		let unique = anchor;
		for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
		anchors.add(unique);
	}
	return anchors;
}

/** The relative link targets of a document (inline links and images), outside code. */
function relativeLinks(markdown: string): string[] {
	const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
	return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target));
}

/** Why a link from `from` (a repository file) to `target` does not resolve, or undefined when it does. */
function brokenLink(from: string, target: string): string | undefined {
	const [file, anchor] = target.split('#');
	const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(from), file)) : from;
	const absolute = path.join(REPO_ROOT, resolved);
	if (!fs.existsSync(absolute)) return `${target}: no file ${resolved}`;
	if (anchor === undefined) return undefined;
	if (!resolved.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
	return anchorsOf(read(resolved)).has(anchor) ? undefined : `${target}: ${resolved} has no heading with the anchor #${anchor}`;
}

describe('documentation', () => {
	const entries = repositoryEntries();

	it('names in docs/development.md only repository files that exist', () => {
		const missing: string[] = [];
		let checked = 0;
		for (const section of sections(read('docs/development.md'))) {
			const allowed = ALLOWED_MISSING[section.heading] ?? [];
			for (const named of section.code.flatMap(namedPaths)) {
				checked++;
				if (!exists(named, entries) && !allowed.includes(named)) missing.push(`${named} (section "${section.heading}")`);
			}
		}
		expect(missing).toEqual([]);
		expect(checked).toBeGreaterThan(20);
	});

	it('names in the user docs only repository files that exist (paths from the repository root)', () => {
		const missing: string[] = [];
		for (const doc of USER_DOCS) {
			for (const section of sections(read(doc))) {
				for (const named of section.code.flatMap(namedPaths)) {
					if (ROOT_FOLDERS.some((folder) => named.startsWith(folder)) && !exists(named, entries)) missing.push(`${doc}: ${named}`);
				}
			}
		}
		expect(missing).toEqual([]);
	});

	it('has every relative link and #anchor of the README, docs/ and the CHANGELOG resolve', () => {
		const broken: string[] = [];
		let checked = 0;
		for (const doc of LINKED_DOCS) {
			for (const target of relativeLinks(read(doc))) {
				checked++;
				const why = brokenLink(doc, target);
				if (why) broken.push(`${doc}: ${why}`);
			}
		}
		expect(broken).toEqual([]);
		expect(checked).toBeGreaterThan(50);
	});

	it('points the nodes’ and the credential’s documentation URLs at pages and headings that exist', () => {
		const sources = [
			...fs.readdirSync(path.join(REPO_ROOT, 'nodes'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.node.json')).map((file) => `nodes/${file}`),
			...fs.readdirSync(path.join(REPO_ROOT, 'credentials')).filter((file) => file.endsWith('.ts')).map((file) => `credentials/${file}`),
		];
		const urls = sources.flatMap((source) => [...read(source).matchAll(new RegExp(`${REPOSITORY_URL}[^'"\\s]*`, 'g'))].map((match) => ({ source, url: match[0] })));
		const broken = urls
			.map(({ source, url }) => {
				const rest = url.slice(REPOSITORY_URL.length);
				const target = rest.startsWith('/blob/main/') ? rest.slice('/blob/main/'.length) : `README.md${rest}`;
				const why = brokenLink('README.md', target);
				return why && `${source}: ${url}: ${why}`;
			})
			.filter(Boolean);
		expect(broken).toEqual([]);
		expect(urls.length).toBeGreaterThanOrEqual(7);
	});
});
