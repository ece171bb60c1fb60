/**
 * The names n8n knows the package's nodes and credential by, taken from their classes and
 * package.json, so a rename there cannot leave a test or script looking for the old name.
 */
import type { INodeType } from 'n8n-workflow';

import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import packageJson from '../../package.json';

type NodeClass = new () => INodeType;
// The node sources by file name: outside jest's resolver (ts-node in scripts, jest's global setup)
// `…/X.node` finds the codex file X.node.json beside X.node.ts first.
/* eslint-disable @typescript-eslint/no-require-imports */
const { AddressActivity } = require('../../nodes/AddressActivity/AddressActivity.node.ts') as { AddressActivity: NodeClass };
const { AddressActivityTrigger } = require('../../nodes/AddressActivityTrigger/AddressActivityTrigger.node.ts') as {
	AddressActivityTrigger: NodeClass;
};
const { AddressActivityPollTrigger } = require('../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node.ts') as {
	AddressActivityPollTrigger: NodeClass;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const PACKAGE_NAME = packageJson.name;

/** A node's type in a workflow: n8n prefixes a community node's name with its package's. */
export function nodeTypeName(nodeType: INodeType): string {
	return `${PACKAGE_NAME}.${nodeType.description.name}`;
}

/** The name the editor gives a node when it is added to a workflow. */
function defaultNodeName(nodeType: INodeType): string {
	return nodeType.description.defaults.name ?? nodeType.description.displayName;
}

const action = new AddressActivity();
const trigger = new AddressActivityTrigger();
const pollTrigger = new AddressActivityPollTrigger();

export const ACTION_NODE_TYPE = nodeTypeName(action);
export const ACTION_NODE_NAME = defaultNodeName(action);
export const TRIGGER_NODE_TYPE = nodeTypeName(trigger);
export const TRIGGER_NODE_NAME = defaultNodeName(trigger);
export const POLL_TRIGGER_NODE_TYPE = nodeTypeName(pollTrigger);
export const POLL_TRIGGER_NODE_NAME = defaultNodeName(pollTrigger);

export const CREDENTIAL_TYPE = new AddressActivityApi().name;
/** The credential's name in the examples and the sandbox (n8n's default for a new one of this type). */
export const CREDENTIAL_NAME = 'Address Activity account';
