import { forgetTransactionWindows, transactionWindowFor } from '../../../nodes/AddressActivityTrigger/memory/transactionWindows';

const URL = 'https://n8n.example.com/webhook/abc/webhook';
const HASH = `0x${'ab'.repeat(32)}`;

beforeEach(() => forgetTransactionWindows());

describe('the transactions a trigger URL put out on a chain', () => {
	it('lets a catch-up put out a transaction a live delivery put out before only once: the live one', () => {
		expect(transactionWindowFor(URL, '43113').claimLive(HASH.toUpperCase().replace('0X', '0x'), 10)).toBe(HASH);
		expect(transactionWindowFor(URL, '43113').claimCaughtUp([{ hash: HASH, block: 10 }])).toEqual([]);
	});

	it('refuses a live delivery of a transaction a catch-up put out', () => {
		expect(transactionWindowFor(URL, '43113').claimCaughtUp([{ hash: HASH, block: 10 }])).toEqual([HASH]);
		expect(transactionWindowFor(URL, '43113').claimLive(HASH, 10)).toBeUndefined();
	});

	it('is per chain and per URL', () => {
		transactionWindowFor(URL, '43113').claimCaughtUp([{ hash: HASH, block: 10 }]);
		expect(transactionWindowFor(URL, '43114').claimLive(HASH, 10)).toBe(HASH);
		expect(transactionWindowFor(`${URL}2`, '43113').claimLive(HASH, 10)).toBe(HASH);
	});

	it('gives up released claims, so the retry or the next catch-up puts them out', () => {
		const window = transactionWindowFor(URL, '43113');
		const claimed = window.claimCaughtUp([{ hash: HASH, block: 10 }]);
		window.release(claimed);
		expect(window.claimLive(HASH, 10)).toBe(HASH);
	});

	it('lists what was put out from a block on (what deactivation records as seen)', () => {
		const window = transactionWindowFor(URL, '43113');
		window.claimLive(`0x${'01'.repeat(32)}`, 9);
		window.claimLive(`0x${'02'.repeat(32)}`, 10);
		window.claimCaughtUp([{ hash: `0x${'03'.repeat(32)}`, block: 11 }]);
		expect(window.since(10)).toEqual([`0x${'02'.repeat(32)}`, `0x${'03'.repeat(32)}`]);
	});

	it('is forgotten with the process’s memory', () => {
		transactionWindowFor(URL, '43113').claimCaughtUp([{ hash: HASH, block: 10 }]);
		forgetTransactionWindows();
		expect(transactionWindowFor(URL, '43113').claimLive(HASH, 10)).toBe(HASH);
	});
});
