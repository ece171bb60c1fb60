/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Where the output schemas live: beside each node, in __schema__/v<major.minor.patch>/ as n8n
 * looks for them (n8n-core's resolveOutputSchemaPath, the editor's /schemas/<node type>/<version>/
 * <resource>/<operation>.json route), one folder per node version. The triggers have no resource
 * or operation: theirs is output.json, as for n8n's own Webhook trigger.
 */
import * as path from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import type { OperationOutput } from './operationRuns';

export const ROOT = path.resolve(__dirname, '..', '..');

export const NODES: Record<OperationOutput['node'], INodeType> = {
	AddressActivity: new AddressActivity(),
	AddressActivityTrigger: new AddressActivityTrigger(),
	AddressActivityPollTrigger: new AddressActivityPollTrigger(),
};

/** The version as n8n writes it in the schema path: 1.1 → 1.1.0. */
export function paddedVersion(version: number): string {
	return String(version).split('.').concat(['0', '0']).slice(0, 3).join('.');
}

export function nodeVersions(node: INodeType): number[] {
	const { version } = node.description;
	return Array.isArray(version) ? version : [version];
}

export function schemaFolder(node: OperationOutput['node'], root = ROOT): string {
	return path.join(root, 'nodes', node, '__schema__');
}

/** The schema file of one operation (or trigger) at one node version, relative to the node's folder. */
export function schemaPath(output: Pick<OperationOutput, 'resource' | 'operation'>, version: number): string {
	const file = output.resource ? path.join(output.resource, `${output.operation}.json`) : 'output.json';
	return path.join('__schema__', `v${paddedVersion(version)}`, file);
}
