import { deliverySchema, parseDelivery } from '../../nodes/AddressActivityTrigger/deliverySchema';
import { fastDeliverySchema } from '../../nodes/AddressActivityTrigger/fastDeliverySchema';

const alice = '0x1111111111111111111111111111111111111111';
const bob = '0x2222222222222222222222222222222222222222';
const token = { address: '0x4444444444444444444444444444444444444444', name: 'Token', symbol: 'TKN' };

/** A delivery that uses every field the schema describes, plus fields it does not. */
function fullDelivery(): Record<string, unknown> {
	// A fresh copy each time: the variations below change nested objects in place.
	return structuredClone({
		webhookId: 'w-1',
		eventType: 'address_activity',
		messageId: 'm-1',
		extra: { kept: 'in the raw body only' },
		event: {
			transaction: {
				txHash: '0xfeed',
				txStatus: '1',
				blockNumber: '4242',
				blockTimestamp: 1700000000,
				from: alice,
				to: bob,
				value: '1500000000000000000',
				chainId: '43114',
				gasUsed: '21000',
				networkToken: { tokenSymbol: 'AVAX', tokenDecimals: 18, valueWithDecimals: '1.5', tokenName: 'Avalanche' },
				erc20Transfers: [{ from: alice, to: bob, value: '1000000', logIndex: 0, erc20Token: { ...token, decimals: 6 } }],
				erc721Transfers: [{ from: alice, to: bob, tokenId: '7', logIndex: 1, erc721Token: token }],
				erc1155Transfers: [{ from: alice, to: bob, tokenId: 9, value: 3, logIndex: 2, erc1155Token: { ...token, tokenId: '9' } }],
				internalTransactions: [{ from: alice, to: null, value: '5', internalTxType: 'CALL' }],
			},
			logs: [{ address: token.address, topic0: '0xabc', data: '0x' }],
		},
	});
}

const transactionPaths = [
	'txHash', 'txStatus', 'blockNumber', 'blockTimestamp', 'from', 'to', 'value', 'chainId', 'networkToken',
	'networkToken.tokenSymbol', 'networkToken.tokenDecimals', 'networkToken.valueWithDecimals',
	'erc20Transfers', 'erc20Transfers.0', 'erc20Transfers.0.from', 'erc20Transfers.0.to', 'erc20Transfers.0.value',
	'erc20Transfers.0.logIndex', 'erc20Transfers.0.erc20Token', 'erc20Transfers.0.erc20Token.address',
	'erc20Transfers.0.erc20Token.name', 'erc20Transfers.0.erc20Token.symbol', 'erc20Transfers.0.erc20Token.decimals',
	'erc721Transfers', 'erc721Transfers.0.tokenId', 'erc721Transfers.0.from', 'erc721Transfers.0.erc721Token',
	'erc721Transfers.0.erc721Token.name', 'erc721Transfers.0.erc721Token.tokenId', 'erc721Transfers.0.logIndex',
	'erc1155Transfers', 'erc1155Transfers.0.value', 'erc1155Transfers.0.tokenId', 'erc1155Transfers.0.to',
	'erc1155Transfers.0.erc1155Token', 'erc1155Transfers.0.erc1155Token.symbol', 'erc1155Transfers.0.erc1155Token.address',
	'internalTransactions', 'internalTransactions.0', 'internalTransactions.0.from', 'internalTransactions.0.to',
	'internalTransactions.0.value', 'internalTransactions.0.internalTxType',
].map((path) => `event.transaction.${path}`);
const paths = ['', 'webhookId', 'eventType', 'messageId', 'event', 'event.transaction', 'event.logs', 'event.logs.0', ...transactionPaths];

const values: unknown[] = [
	undefined, null, '', 'x', '12', '1.5', '-1', 0, 7, -1, 1.5, 256, 2 ** 53, 2 ** 60, Number.POSITIVE_INFINITY, true, [], {}, [{}], ['x'],
];

function withValue(path: string, value: unknown): unknown {
	if (path === '') return value;
	const body = fullDelivery();
	const keys = path.split('.');
	let target = body as Record<string, unknown>;
	for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
	const last = keys[keys.length - 1];
	if (value === undefined) delete target[last];
	else target[last] = value;
	return body;
}

describe('the zod 4 copy of the delivery schema', () => {
	const bodies = [fullDelivery(), ...paths.flatMap((path) => values.map((value) => withValue(path, value)))];

	it('never accepts what the zod 3 schema rejects, and parses to the same delivery', () => {
		let accepted = 0;
		for (const body of bodies) {
			const fast = fastDeliverySchema.safeParse(body);
			const reference = deliverySchema.safeParse(body);
			if (fast.success) {
				accepted++;
				expect({ body, success: reference.success }).toEqual({ body, success: true });
				expect(fast.data).toEqual(reference.data);
			}
		}
		// Most variations are well-formed or malformed alike; the comparison covers both kinds.
		expect(accepted).toBeGreaterThan(100);
		expect(accepted).toBeLessThan(bodies.length - 100);
	});

	it('leaves parseDelivery answering exactly as the zod 3 schema does', () => {
		for (const body of bodies) {
			const reference = deliverySchema.safeParse(body);
			const parsed = parseDelivery(body);
			expect(parsed.ok).toBe(reference.success);
			if (parsed.ok && reference.success) expect(parsed.delivery).toEqual(reference.data);
		}
		// What zod 4 turns away but zod 3 accepts (an unsafe integer) is still accepted.
		const unsafe = withValue('event.transaction.blockTimestamp', 2 ** 60);
		expect(fastDeliverySchema.safeParse(unsafe).success).toBe(false);
		expect(parseDelivery(unsafe).ok).toBe(true);
	});
});
