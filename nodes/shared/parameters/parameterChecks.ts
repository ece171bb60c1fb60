import { splitEntries } from '../model/addresses';
import { checkEntries, EntryKind, InvalidInputError, quoteValue } from '../model/invalidInput';
import {
	avaxToNavax,
	NOT_A_NODE_ID,
	NOT_A_P_CHAIN_ADDRESS,
	NOT_A_SUBNET_ID,
	parseNodeId,
	parsePChainAddress,
	parseSubnetId,
	type PrimaryNetwork,
	type VALIDATOR_KEY_TYPES,
} from '../model/primaryNetwork';

// Checks of parameter values that the action node and the webhook trigger share (options, P-Chain
// addresses, node and subnet IDs, sub-events, AVAX amounts), each refusing in words that name the
// value (every refused entry of a list at once); the caller names the field and, in the action
// node, the item (parameterErrors.ts's toInputError).

const SEPARATORS = /[\s,;]+/;

/** The entries of a list field: text separated by commas, spaces or new lines, or an array from an expression. */
function listEntries(value: unknown, what: string): string[] {
	return splitEntries(value, (text) => text.split(SEPARATORS).filter((part) => part !== ''), what);
}

/** One of the values an options field offers, also when an expression gives it. */
export function oneOf<T extends string>(values: readonly T[]) {
	return (value: unknown): T => {
		const text = typeof value === 'string' ? value.trim() : '';
		if (!(values as readonly string[]).includes(text)) {
			throw new InvalidInputError(`${quoteValue(value)} is not one of ${values.map((entry) => `"${entry}"`).join(', ')}`, value);
		}
		return text as T;
	};
}

/** primaryNetwork.ts's checks say what a value is not ("is not a node ID ..."): the value goes in front. */
export function withValue<T>(parse: (value: unknown) => T): (value: unknown) => T {
	return (value) => {
		let reason: string;
		try {
			return parse(value);
		} catch (error) {
			reason = error instanceof Error ? error.message : String(error);
		}
		throw new InvalidInputError(`${quoteValue(value)} ${reason}`, value);
	};
}

const PREFIXES: Record<PrimaryNetwork, string> = { mainnet: 'P-avax1', fuji: 'P-fuji1' };

/** The network a P-Chain address (as parsePChainAddress returns it) belongs to; undefined for a local one. */
export function networkOfPChainAddress(address: string): PrimaryNetwork | undefined {
	return (Object.keys(PREFIXES) as PrimaryNetwork[]).find((network) => address.startsWith(PREFIXES[network]));
}

/** An entry that is a P-Chain address of the other network. */
const OF_OTHER_NETWORK: Record<PrimaryNetwork, EntryKind> = {
	mainnet: new EntryKind('a mainnet address', 'mainnet addresses', `mainnet P-Chain addresses start with ${PREFIXES.mainnet}`),
	fuji: new EntryKind('a fuji address', 'fuji addresses', `fuji P-Chain addresses start with ${PREFIXES.fuji}`),
};

/** One P-Chain address of `network`, as the service lists it, or what the entry is not (for checkEntries). */
function checkPChainAddressOf(network: PrimaryNetwork): (entry: string) => string | EntryKind {
	return (entry) => {
		let address: string;
		try {
			address = parsePChainAddress(entry);
		} catch {
			return NOT_A_P_CHAIN_ADDRESS;
		}
		return networkOfPChainAddress(address) === network ? address : OF_OTHER_NETWORK[network];
	};
}

/** P-Chain addresses of `network`, duplicates dropped; at least one. Every refused entry is named at once. */
export function parsePChainAddresses(network: PrimaryNetwork): (value: unknown) => string[] {
	const check = checkPChainAddressOf(network);
	return (value) => {
		const addresses = [...new Set(checkEntries(listEntries(value, 'a P-Chain address or a list of them'), check))];
		if (addresses.length === 0) throw new InvalidInputError('no address given (a webhook watches at least one)', value);
		return addresses;
	};
}

export type ValidatorKeyType = (typeof VALIDATOR_KEY_TYPES)[number];

const KEY_WORDS: Record<ValidatorKeyType, string> = { nodeId: 'node ID', subnetId: 'subnet ID' };
const KEY_PARSERS: Record<ValidatorKeyType, (value: unknown) => string> = { nodeId: withValue(parseNodeId), subnetId: withValue(parseSubnetId) };

/** The one key of a validator webhook: the service watches exactly one node ID or subnet ID per webhook. */
export function parseValidatorKey(keyType: ValidatorKeyType): (value: unknown) => string {
	return (value) => {
		const keys = [...new Set(listEntries(value, `a ${KEY_WORDS[keyType]}`))];
		if (keys.length === 0) throw new InvalidInputError(`no ${KEY_WORDS[keyType]} given`, value);
		if (keys.length > 1) {
			throw new InvalidInputError(
				`${quoteValue(value)} holds ${keys.length} keys, but a validator webhook watches exactly one ${KEY_WORDS[keyType]} (one webhook per key)`,
				value,
			);
		}
		return KEY_PARSERS[keyType](keys[0]);
	};
}

const NOT_A_KEY: Record<ValidatorKeyType, EntryKind> = { nodeId: NOT_A_NODE_ID, subnetId: NOT_A_SUBNET_ID };

/** Node IDs or subnet IDs of an optional filter, duplicates dropped; none is an empty list. Every refused entry is named at once. */
export function parseValidatorKeys(keyType: ValidatorKeyType): (value: unknown) => string[] {
	const parse = keyType === 'nodeId' ? parseNodeId : parseSubnetId;
	const check = (entry: string): string | EntryKind => {
		try {
			return parse(entry);
		} catch {
			return NOT_A_KEY[keyType];
		}
	};
	return (value) => [...new Set(checkEntries(listEntries(value, `a list of ${KEY_WORDS[keyType]}s`), check))];
}

/** Sub-events from the multi-select or an expression (an array, or text separated by commas); at least one. */
export function parseSubEvents<T extends string>(allowed: readonly T[]): (value: unknown) => T[] {
	const names = allowed.map((entry) => `"${entry}"`).join(', ');
	const unknown = new EntryKind(`one of ${names}`, `among ${names}`);
	return (value) => {
		const chosen = [...new Set(checkEntries(listEntries(value, 'a list of sub-events'), (entry) => ((allowed as readonly string[]).includes(entry) ? entry : unknown)))];
		if (chosen.length === 0) throw new InvalidInputError('no sub-event chosen (choose at least one)', value);
		return chosen as T[];
	};
}

/** An amount in AVAX, as nAVAX for the service; `needed` says why it may not be left empty. */
export function parseAvaxThreshold(needed: string): (value: unknown) => string {
	const parse = withValue(avaxToNavax);
	return (value) => {
		if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
			throw new InvalidInputError(`no threshold given: ${needed}`, value);
		}
		return parse(value);
	};
}
