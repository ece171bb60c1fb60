import { claimCrossing, forgetBalanceCrossings } from '../../../nodes/shared/memory/balanceCrossings';

afterEach(() => forgetBalanceCrossings());

const CROSSING = '43114|0x71c7656ec7ab88b098defb751b7401b5f6d8976f|native|10';

describe('balance crossings', () => {
	it('lets one claim of a crossing through per trigger', () => {
		expect(claimCrossing('https://n8n.example.com/webhook/a', CROSSING)).toBeInstanceOf(Function);
		expect(claimCrossing('https://n8n.example.com/webhook/a', CROSSING)).toBeUndefined();
		// Another trigger watching the same wallet alerts too.
		expect(claimCrossing('wf-2/Poll Trigger', CROSSING)).toBeInstanceOf(Function);
		expect(claimCrossing('https://n8n.example.com/webhook/a', `${CROSSING}1`)).toBeInstanceOf(Function);
	});

	it('can be claimed again once given up (the run was not accepted) or forgotten (another process)', () => {
		const giveUp = claimCrossing('scope', CROSSING)!;
		giveUp();
		expect(claimCrossing('scope', CROSSING)).toBeInstanceOf(Function);
		forgetBalanceCrossings();
		expect(claimCrossing('scope', CROSSING)).toBeInstanceOf(Function);
	});

	it('remembers the 20,000 crossings claimed last', () => {
		for (let block = 0; block <= 20_000; block++) claimCrossing('scope', String(block));
		expect(claimCrossing('scope', '1')).toBeUndefined();
		expect(claimCrossing('scope', '20000')).toBeUndefined();
		expect(claimCrossing('scope', '0')).toBeInstanceOf(Function);
	});
});
