import { withReadableDates } from '../../../nodes/shared/model/readableDates';

describe('withReadableDates', () => {
	it('adds an ISO 8601 companion right after each epoch field it knows, keeping the number', () => {
		const result = withReadableDates({ id: 'w', createdAt: 1_700_000_000_000, blockTimestamp: 1_700_000_000, name: 'x' });
		expect(result).toEqual({
			id: 'w',
			createdAt: 1_700_000_000_000,
			createdAtIso: '2023-11-14T22:13:20.000Z',
			blockTimestamp: 1_700_000_000,
			blockTimestampIso: '2023-11-14T22:13:20.000Z',
			name: 'x',
		});
		expect(Object.keys(result)).toEqual(['id', 'createdAt', 'createdAtIso', 'blockTimestamp', 'blockTimestampIso', 'name']);
	});

	it('looks into nested objects and arrays, to a depth of four', () => {
		const result = withReadableDates([{ nativeTransaction: { blockTimestamp: 0 }, utxos: [{ consumingBlockTimestamp: 86_400 }] }]);
		expect(result).toEqual([
			{
				nativeTransaction: { blockTimestamp: 0, blockTimestampIso: '1970-01-01T00:00:00.000Z' },
				utxos: [{ consumingBlockTimestamp: 86_400, consumingBlockTimestampIso: '1970-01-02T00:00:00.000Z' }],
			},
		]);
		const deep = { a: { b: { c: { d: { e: { createdAt: 0 } } } } } };
		expect(withReadableDates(deep)).toEqual(deep);
	});

	it('leaves values that are no epoch time as they are, without a companion', () => {
		const odd = { createdAt: '1700000000000', blockTimestamp: -1, consumingBlockTimestamp: 1.5, other: { createdAt: 9e15 } };
		expect(withReadableDates(odd)).toEqual(odd);
	});

	it('keeps a companion the answer already has', () => {
		expect(withReadableDates({ createdAt: 0, createdAtIso: 'given' })).toEqual({ createdAt: 0, createdAtIso: 'given' });
	});

	it('does not change the object it was given', () => {
		const answer = { createdAt: 0 };
		withReadableDates(answer);
		expect(answer).toEqual({ createdAt: 0 });
	});
});
