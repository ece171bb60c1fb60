// Where a trigger's durable position lives in static data (what n8n saves): per chain for an EVM
// trigger, one record beside its webhook for a P-Chain or validator trigger; and where a new
// record starts (after the last activation's mark).
import type { IDataObject } from 'n8n-workflow';

import { clearPrimaryPosition, markedStart, PRIMARY_SLOT, storedPosition, storePosition } from '../../../nodes/AddressActivityTrigger/staticData/positionSlots';

const FUJI = '43113';
const position = (from: number): IDataObject => ({ from, ran: [] });

describe('a P-Chain or validator trigger\'s record', () => {
	it('is stored at the top level as primaryPosition, beside what else static data holds, and read back from there', () => {
		const data: IDataObject = { webhookId: 'w-1' };
		storePosition(data, PRIMARY_SLOT, position(1_700_000_000));
		expect(data).toEqual({ webhookId: 'w-1', primaryPosition: position(1_700_000_000) });
		expect(storedPosition(data, PRIMARY_SLOT)).toEqual(position(1_700_000_000));
		expect(storedPosition(data, FUJI)).toBeUndefined();
	});

	it('starts at the second of the last activation\'s mark (kept in ms), or nowhere without one', () => {
		expect(markedStart({ primaryCatchUp: { mark: { at: 1_700_000_000_999, height: 42 } } }, PRIMARY_SLOT)).toBe(1_700_000_000);
		expect(markedStart({}, PRIMARY_SLOT)).toBeUndefined();
	});

	it('is forgotten when the Event changes to EVM address activity, leaving the rest', () => {
		const data: IDataObject = { webhookId: 'w-1', primaryPosition: position(1) };
		clearPrimaryPosition(data);
		expect(data).toEqual({ webhookId: 'w-1' });
		clearPrimaryPosition(data);
		expect(data).toEqual({ webhookId: 'w-1' });
	});
});

describe('an EVM trigger\'s record of a chain', () => {
	it('is stored at chains[chainId].position, beside that chain\'s webhook and other chains, and read back from there', () => {
		const data: IDataObject = { chains: { [FUJI]: { webhookId: 'w-1' }, 43114: { webhookId: 'w-2' } } };
		storePosition(data, FUJI, position(100));
		expect(data).toEqual({ chains: { [FUJI]: { webhookId: 'w-1', position: position(100) }, 43114: { webhookId: 'w-2' } } });
		expect(storedPosition(data, FUJI)).toEqual(position(100));
		expect(storedPosition(data, '43114')).toBeUndefined();
		expect(storedPosition(data, PRIMARY_SLOT)).toBeUndefined();
	});

	it('is stored for a chain static data does not hold yet', () => {
		const data: IDataObject = {};
		storePosition(data, FUJI, position(7));
		expect(data).toEqual({ chains: { [FUJI]: { position: position(7) } } });
	});

	it('starts at the block after the chain\'s mark, or nowhere without one', () => {
		expect(markedStart({ chains: { [FUJI]: { catchUp: { mark: { block: 500, at: 1 } } } } }, FUJI)).toBe(501);
		expect(markedStart({ chains: { [FUJI]: {} } }, FUJI)).toBeUndefined();
		expect(markedStart({}, FUJI)).toBeUndefined();
	});
});
