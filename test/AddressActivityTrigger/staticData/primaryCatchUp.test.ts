// Where catching up stands for a P-Chain or validator trigger, as static data (what n8n saves)
// holds it: at the top level as primaryCatchUp, removed when it holds nothing.
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { clearPrimaryCatchUp, primaryCatchUpOf, savePrimaryCatchUp, type PrimaryCatchUpState } from '../../../nodes/AddressActivityTrigger/staticData/primaryCatchUp';

/** A lifecycle method's view of static data: the node's static data, as n8n hands it over. */
const lifecycleWith = (data: IDataObject) => ({ getWorkflowStaticData: (type: string) => (type === 'node' ? data : {}) }) as unknown as IHookFunctions;

const mark = { at: 1_700_000_000_000, height: 42 };
const gap = { from: 1_699_999_000, at: 1_699_999_000_000, seen: ['p|tx|balance_change|unlockedUnstaked'] };

describe('where catching up stands', () => {
	it('is empty when static data holds none', () => {
		expect(primaryCatchUpOf({})).toEqual({});
	});

	it('is stored whole at the top level beside the rest, and read back', () => {
		const data: IDataObject = { webhookId: 'w-1' };
		const state: PrimaryCatchUpState = { mark, gap };
		savePrimaryCatchUp(lifecycleWith(data), state);
		expect(data).toEqual({ webhookId: 'w-1', primaryCatchUp: { mark, gap } });
		expect(primaryCatchUpOf(data)).toEqual({ mark, gap });
		// A copy: changing the state saved does not change static data behind n8n's back.
		state.gap = undefined;
		expect(primaryCatchUpOf(data).gap).toEqual(gap);
	});

	it('replaces what was stored, and is removed when it holds neither mark nor gap', () => {
		const data: IDataObject = { webhookId: 'w-1' };
		savePrimaryCatchUp(lifecycleWith(data), { mark, gap });
		savePrimaryCatchUp(lifecycleWith(data), { mark: { at: 1_700_000_100_000 } });
		expect(primaryCatchUpOf(data)).toEqual({ mark: { at: 1_700_000_100_000 } });
		savePrimaryCatchUp(lifecycleWith(data), {});
		expect(data).toEqual({ webhookId: 'w-1' });
	});

	it('is forgotten when the Event changes to EVM address activity, leaving the rest', () => {
		const data: IDataObject = { webhookId: 'w-1', primaryCatchUp: { mark } };
		clearPrimaryCatchUp(data);
		expect(data).toEqual({ webhookId: 'w-1' });
	});
});
