import { AddressSet } from '../../../nodes/shared/model/addresses';
import { parseDelivery, type Delivery } from '../../../nodes/shared/model/deliverySchema';
import { mentionsMonitored, toTransfers } from '../../../nodes/shared/model/transfers';

const alice = '0x1111111111111111111111111111111111111111';
const bob = '0x2222222222222222222222222222222222222222';
const carol = '0x3333333333333333333333333333333333333333';
const token = { address: carol, symbol: 'TKN', decimals: 0 };

function delivery(transaction: Record<string, unknown>, logs?: Array<{ address: string }>): Delivery {
	const parsed = parseDelivery({
		webhookId: 'w-1',
		eventType: 'address_activity',
		messageId: 'm-1',
		event: {
			transaction: { txHash: '0xfeed', blockNumber: '7', blockTimestamp: 1700000000, from: alice, to: bob, ...transaction },
			...(logs ? { logs } : {}),
		},
	});
	if (!parsed.ok) throw new Error(parsed.problem);
	return parsed.delivery;
}

// Whether a delivery is about a monitored address decides if the trigger runs for it at all.
describe('a delivery mentions a monitored address', () => {
	it.each([
		['as the sender of a transfer of value', delivery({ value: '10' }), [alice], true],
		['as the sender of a transaction without value', delivery({ value: '0' }), [alice], true],
		['as the sender of a failed transaction', delivery({ value: '10', txStatus: '0' }), [alice], true],
		['in upper case', delivery({ value: '10' }), [alice.toUpperCase().replace('0X', '0x')], true],
		['as the receiver of an internal transaction', delivery({ value: '0', internalTransactions: [{ from: bob, to: carol, value: '5' }] }), [carol], true],
		['as the token contract of an ERC-20 transfer', delivery({ value: '0', erc20Transfers: [{ from: bob, to: bob, value: '5', erc20Token: token }] }), [carol], true],
		['as the emitter of a log', delivery({ value: '0' }, [{ address: carol }]), [carol], true],
		['not at all (carol is nowhere in it)', delivery({ value: '10' }), [carol], false],
	])('%s', (_case, body, addresses, expected) => {
		expect(mentionsMonitored(body, new AddressSet(addresses))).toBe(expected);
		// Never a Transfers item about an address the delivery does not mention.
		if (!expected) expect(toTransfers(body.event.transaction, body, new AddressSet(addresses))).toEqual([]);
	});
});
