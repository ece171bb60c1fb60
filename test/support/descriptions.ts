/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The package's node and credential descriptions as JSON: what n8n's editor and loader read from
// each listed class (its description with every property, the names of its methods and which of
// execute/poll/webhook/trigger it has). Two serialisations that are equal describe the same nodes.
import * as path from 'path';

import packageJson from '../../package.json';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The listed files of package.json's "n8n" section (dist/... .js), nodes then credentials. */
export function listedFiles(): string[] {
	return [...packageJson.n8n.nodes, ...packageJson.n8n.credentials];
}

/** Names of the keys of an object of functions, sorted (methods.loadOptions, webhookMethods.default...). */
function functionNames(value: unknown): unknown {
	if (typeof value === 'function') return '[function]';
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(Object.keys(value).sort().map((key) => [key, functionNames((value as Record<string, unknown>)[key])]));
}

/** One listed class, loaded from `dist` (the built .js) or from the sources (the .ts beside the package's root). */
export function describeListed(entry: string, from: 'dist' | 'source'): Record<string, unknown> {
	const file = from === 'dist' ? path.join(REPO_ROOT, entry) : path.join(REPO_ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	const className = path.basename(entry).split('.')[0];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(file) as Record<string, new () => Record<string, unknown>>;
	const instance = new exported[className]();
	const { description, methods, webhookMethods, ...rest } = instance;
	const own: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(rest)) own[key] = typeof value === 'function' ? '[function]' : value;
	const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
	const members = Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor').sort();
	return {
		entry,
		className,
		...(description === undefined ? {} : { description }),
		...own,
		...(methods === undefined ? {} : { methods: functionNames(methods) }),
		...(webhookMethods === undefined ? {} : { webhookMethods: functionNames(webhookMethods) }),
		members,
	};
}

/** Every listed node and credential, serialised with two-space indents (functions as [function], their keys naming them). */
export function describePackage(from: 'dist' | 'source'): string {
	const described = listedFiles().map((entry) => describeListed(entry, from));
	return `${JSON.stringify(described, (_key, value: unknown) => (typeof value === 'function' ? '[function]' : value), 2)}\n`;
}
