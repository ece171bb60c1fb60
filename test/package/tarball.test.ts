/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// What `npm publish` would upload: the tarball `npm pack` makes from a fresh build. n8n installs
// exactly these files, and the community-package scanner lints every .js among them, so it must
// hold what n8n loads and nothing else. The expected files come from package.json's "n8n" section,
// so a new node or credential is covered once it is listed there.
import * as fs from 'fs';
import * as path from 'path';

import { buildPackage, REPO_ROOT } from '../support/package';
import { packAndUnpack, removeUnpacked, type UnpackedTarball } from '../support/scan';
import { PACKAGE_NAME } from '../harness/names';

interface Manifest {
	license?: string;
	dependencies?: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
}

type IconValue = string | { light?: string; dark?: string } | undefined;

/** The `file:` icons a node or credential names, as paths inside the package. */
function iconFiles(entry: string, icon: IconValue): string[] {
	const values = typeof icon === 'string' ? [icon] : Object.values(icon ?? {});
	return values
		.filter((value): value is string => typeof value === 'string' && value.startsWith('file:'))
		.map((value) => path.posix.join(path.posix.dirname(entry), value.slice('file:'.length)));
}

/** The class n8n's loader takes from a listed file: the one named like the file. */
function loadListedClass(entry: string): { description?: { icon?: IconValue }; icon?: IconValue } {
	const className = path.posix.basename(entry).split('.')[0];
	// The built file that was packed, loaded from the clone where n8n-workflow resolves.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(path.join(REPO_ROOT, entry)) as Record<string, new () => object>;
	expect(typeof exported[className]).toBe('function');
	return new exported[className]();
}

describe('the published tarball', () => {
	let unpacked: UnpackedTarball;
	let manifest: Manifest;

	beforeAll(() => {
		buildPackage();
		unpacked = packAndUnpack();
		manifest = JSON.parse(fs.readFileSync(path.join(unpacked.dir, 'package.json'), 'utf8')) as Manifest;
	}, 120_000);

	afterAll(() => {
		if (unpacked) removeUnpacked(unpacked);
	});

	it('holds every node and credential listed in package.json, each with the icons it names', () => {
		const listed = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
		expect(listed.length).toBeGreaterThanOrEqual(3);
		for (const entry of listed) {
			expect(unpacked.files).toContain(entry);
			const instance = loadListedClass(entry);
			const icons = iconFiles(entry, instance.description?.icon ?? instance.icon);
			expect(icons.length).toBeGreaterThan(0);
			for (const icon of icons) expect(unpacked.files).toContain(icon);
		}
	});

	it('holds the codex file beside every node', () => {
		for (const node of manifest.n8n.nodes) {
			const codexFile = node.replace(/\.js$/, '.json');
			expect(unpacked.files).toContain(codexFile);
			const codex = JSON.parse(fs.readFileSync(path.join(unpacked.dir, codexFile), 'utf8')) as { node?: string; categories?: string[] };
			expect(codex.node?.split('.')[0]).toBe(PACKAGE_NAME);
			expect(codex.categories?.length).toBeGreaterThan(0);
		}
	});

	it('holds the README, the MIT licence and package.json beside dist/, and nothing else', () => {
		expect(unpacked.files.filter((file) => !file.startsWith('dist/'))).toEqual(['LICENSE.md', 'README.md', 'package.json']);
		expect(fs.readFileSync(path.join(unpacked.dir, 'LICENSE.md'), 'utf8')).toMatch(/^# MIT License\b/);
		expect(manifest.license).toBe('MIT');
		// Verified community packages have no runtime dependencies.
		expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
	});

	it('holds only the compiled nodes, credentials and icons in dist/ (no tests, emulator, scripts or dist/package.json)', () => {
		const unexpected = unpacked.files.filter(
			(file) =>
				file.startsWith('dist/') &&
				(!/^dist\/(nodes|credentials|icons)\//.test(file) ||
					!/\.(js|js\.map|d\.ts|json|svg|png)$/.test(file) ||
					/(\.test\.|\/test\/|emulator|\/scripts\/|tsbuildinfo)/i.test(file)),
		);
		expect(unexpected).toEqual([]);
	});

	it('has source maps of the nodes and credentials only, never of test code', () => {
		const maps = unpacked.files.filter((file) => file.endsWith('.js.map'));
		expect(maps.length).toBeGreaterThan(0);
		for (const map of maps) {
			const { sources } = JSON.parse(fs.readFileSync(path.join(unpacked.dir, map), 'utf8')) as { sources: string[] };
			for (const source of sources) {
				// Source paths are relative to the map's folder inside dist/, one level below the clone.
				const inClone = path.posix.normalize(path.posix.join(path.posix.dirname(map), source));
				expect(inClone).toMatch(/^(nodes|credentials)\//);
			}
		}
	});
});
