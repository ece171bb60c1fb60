/**
 * The names n8n knows the package's nodes and credential by, taken from their classes and
 * package.json, so a rename there cannot leave a test or script looking for the old name.
 */
import type { INodeType } from 'n8n-workflow';

import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import packageJson from '../../package.json';

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
