// When Execute step last showed a sample: another Execute step of the same trigger within 10
// minutes, with the same chains, addresses, output and filters, waits for a live transfer instead.
import { forgetSamplesShown, rememberSampleShown, SAMPLE_REPEAT_MS, sampleShownRecently } from '../../../nodes/AddressActivityTrigger/memory/samplesShown';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import { parseDecimal } from '../../../nodes/shared/model/amounts';

const ALICE = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';

function parameters(overrides: { chainIds?: string[]; addresses?: string; output?: 'transfers' | 'raw' | 'decodedEvents'; minimum?: string; directions?: Array<'in' | 'out' | 'self'> } = {}) {
	return {
		chainIds: overrides.chainIds ?? ['43113'],
		addresses: AddressSet.parse(overrides.addresses ?? `${ALICE}, ${BOB}`),
		output: overrides.output ?? 'transfers',
		filters: { directions: overrides.directions, minimumAmount: overrides.minimum === undefined ? undefined : parseDecimal(overrides.minimum) },
	};
}

afterEach(() => forgetSamplesShown());

describe('samples shown', () => {
	it('is recent for the same trigger and parameters within 10 minutes, whatever the addresses\' case', () => {
		rememberSampleShown('wf/Trigger', parameters(), 1_000);
		expect(sampleShownRecently('wf/Trigger', parameters({ addresses: `${ALICE.toUpperCase().replace('0X', '0x')}, ${BOB}` }), 1_000 + SAMPLE_REPEAT_MS - 1)).toBe(true);
		expect(sampleShownRecently('wf/Trigger', parameters(), 1_000 + SAMPLE_REPEAT_MS)).toBe(false);
		expect(SAMPLE_REPEAT_MS).toBe(10 * 60 * 1000);
	});

	it('is not recent for another trigger or other chains, addresses, output or filters', () => {
		rememberSampleShown('wf/Trigger', parameters({ minimum: '1.5', directions: ['in'] }), 0);
		expect(sampleShownRecently('wf/Trigger', parameters({ minimum: '1.5', directions: ['in'] }), 1)).toBe(true);
		expect(sampleShownRecently('wf/Other', parameters({ minimum: '1.5', directions: ['in'] }), 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters({ chainIds: ['43114'], minimum: '1.5', directions: ['in'] }), 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters({ addresses: ALICE, minimum: '1.5', directions: ['in'] }), 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters({ output: 'raw', minimum: '1.5', directions: ['in'] }), 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters({ minimum: '2', directions: ['in'] }), 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters({ minimum: '1.5', directions: ['out'] }), 1)).toBe(false);
	});

	it("is recent for a P-Chain or validator trigger with the same watch and output, not with another", () => {
		const watch = { eventType: 'primary_network_address_activity' as const, network: 'fuji' as const, addresses: ['P-fuji1abc'], subEvents: ['balance_change' as const] };
		rememberSampleShown('wf/Trigger', { watch, output: 'events' }, 0);
		expect(sampleShownRecently('wf/Trigger', { watch: { ...watch }, output: 'events' }, 1)).toBe(true);
		expect(sampleShownRecently('wf/Trigger', { watch, output: 'raw' }, 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', { watch: { ...watch, addresses: ['P-fuji1xyz'] }, output: 'events' }, 1)).toBe(false);
		expect(sampleShownRecently('wf/Trigger', parameters(), 1)).toBe(false);
	});

	it('is forgotten with the process memory', () => {
		rememberSampleShown('wf/Trigger', parameters(), 0);
		forgetSamplesShown();
		expect(sampleShownRecently('wf/Trigger', parameters(), 1)).toBe(false);
	});
});
