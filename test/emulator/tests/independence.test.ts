/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The emulator is the service the product is tested against: if it shared the product's code (its
// address checks, its names), a wrong rule would pass every test. Nothing under test/emulator may
// import from the product's nodes/ or credentials/ (or from the built package).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const EMULATOR = resolve(__dirname, '..');
const ROOT = resolve(EMULATOR, '../..');
const PRODUCT = ['nodes', 'credentials', 'dist'].map((folder) => join(ROOT, folder));
const PACKAGE_NAME = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
	});
}

/** Every module specifier of a file: static and dynamic imports, exports from, require. */
function specifiers(text: string): string[] {
	const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
	return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

function reachesProduct(file: string, specifier: string): boolean {
	if (specifier === PACKAGE_NAME || specifier.startsWith(`${PACKAGE_NAME}/`)) return true;
	if (!specifier.startsWith('.')) return false;
	const target = resolve(dirname(file), specifier);
	return PRODUCT.some((folder) => target === folder || target.startsWith(folder + sep));
}

describe('the emulator is independent of the product', () => {
	const files = sourceFiles(EMULATOR);

	it('finds the emulator sources and reads their imports', () => {
		expect(files.length).toBeGreaterThan(50);
		expect(specifiers(readFileSync(join(EMULATOR, 'primary/schemas.ts'), 'utf8'))).toContain('./ids');
		// the check itself: these specifiers, from a file in test/emulator/primary, would reach the product
		const probe = join(EMULATOR, 'primary/probe.ts');
		for (const specifier of ['../../../nodes/shared/primaryNetwork', '../../../credentials/AddressActivityApi.credentials', `${PACKAGE_NAME}/dist/x`]) {
			expect(reachesProduct(probe, specifier)).toBe(true);
		}
		// built from parts, so that this file's own text holds no such import
		const [a, b, c] = ['../../../', '../../', '../'].map((up) => `${up}${'nodes'}/x`);
		expect(specifiers(`import x from '${a}';\nconst y = require("${b}");\nawait import('${c}');\nexport { z } from '${a}';`)).toEqual([a, a, c, b]);
	});

	it('no file under test/emulator imports from nodes/, credentials/ or the built package', () => {
		const offending = files.flatMap((file) =>
			specifiers(readFileSync(file, 'utf8'))
				.filter((specifier) => reachesProduct(file, specifier))
				.map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
		);
		expect(offending).toEqual([]);
	});
});
