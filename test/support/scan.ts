/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// The published tarball, packed and unpacked locally, and the two lint legs of n8n's
// community-package scanner (@n8n/scan-community-package) run on it without the network.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { packPackage, removePacked } from './package';

export interface UnpackedTarball {
	/** The .tgz that `npm pack` wrote (what `npm publish` uploads). */
	tarball: string;
	/** Its size in bytes. */
	size: number;
	/** The folder it was unpacked into, `package/` stripped as the scanner does. */
	dir: string;
	/** Every file in it, relative to `dir`, with `/` separators, sorted. */
	files: string[];
	/** The unpacked files' sizes added up, in bytes. */
	unpackedSize: number;
}

function listFiles(dir: string, prefix = ''): string[] {
	const files: string[] = [];
	for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
		const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
		if (entry.isDirectory()) files.push(...listFiles(dir, relative));
		else files.push(relative);
	}
	return files;
}

/** `npm pack` of the clone as it is (build first), unpacked into a temporary folder. */
export function packAndUnpack(): UnpackedTarball {
	const tarball = packPackage();
	const dir = path.join(path.dirname(tarball), 'package');
	fs.mkdirSync(dir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	const files = listFiles(dir).sort();
	const unpackedSize = files.reduce((total, file) => total + fs.statSync(path.join(dir, file)).size, 0);
	return { tarball, size: fs.statSync(tarball).size, dir, files, unpackedSize };
}

export function removeUnpacked(unpacked: UnpackedTarball): void {
	removePacked(unpacked.tarball);
}

export function formatBytes(bytes: number): string {
	return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

/** The parts of scanner/scanner.mjs used here (the package ships no types). */
interface Scanner {
	SOURCE_FILE_PATTERNS: string[];
	analyzePackage(packageDir: string, filePatterns?: string[]): Promise<ScanResult>;
}

/** One of the scanner's own dependencies: the copy it uses itself. */
function fromScanner<T>(name: string): T {
	const scannerFolder = path.dirname(require.resolve('@n8n/scan-community-package/package.json'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(require.resolve(name, { paths: [scannerFolder] })) as T;
}

async function loadScanner(): Promise<Scanner> {
	// The scanner is an ES module with no exports map. Compiled to CommonJS this import becomes
	// require(), which loads ES modules from Node 20.19 on. Importing it only defines functions and
	// creates an empty temporary folder (removed at exit thanks to its own `tmp`'s graceful
	// cleanup); the download and provenance code runs only in analyzePackageByName, never called here.
	const specifier: string = '@n8n/scan-community-package/scanner/scanner.mjs';
	fromScanner<{ setGracefulCleanup(): void }>('tmp').setGracefulCleanup();
	return (await import(specifier)) as Scanner;
}

export interface ScanLeg {
	name: string;
	dir: string;
	patterns: string[];
	files: number;
	result: ScanResult;
}

/** Files the scanner's glob picks in `dir` (it lints exactly these). */
function countMatches(dir: string, patterns: string[]): number {
	// The scanner's own fast-glob, so the matching is the scanner's.
	const glob = fromScanner<{ sync(patterns: string[], options: object): string[] }>('fast-glob');
	return glob.sync(patterns, { cwd: dir, ignore: ['node_modules/**', '**/package-lock.json'] }).length;
}

/**
 * The scanner's two legs as `analyzePackageByName` runs them after its provenance check: its
 * source patterns on the source tree (here the clone instead of the GitHub checkout the
 * provenance points at), and `**\/*.js` + `package.json` on the unpacked tarball (here packed
 * locally instead of downloaded from npm).
 */
export async function runScannerLegs(sourceDir: string, tarballDir: string): Promise<ScanLeg[]> {
	const scanner = await loadScanner();
	const legs = [
		{ name: 'source', dir: sourceDir, patterns: scanner.SOURCE_FILE_PATTERNS },
		{ name: 'tarball', dir: tarballDir, patterns: ['**/*.js', 'package.json'] },
	];
	const results: ScanLeg[] = [];
	for (const leg of legs) {
		const result = await scanner.analyzePackage(leg.dir, leg.patterns);
		results.push({ ...leg, files: countMatches(leg.dir, leg.patterns), result });
	}
	return results;
}
