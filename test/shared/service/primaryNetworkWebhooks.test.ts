// The create bodies of the two primary-network event types: their shape, and that the emulator
// (which checks bodies with its own rules, as the vendor SDK models them) registers them as asked.
import { primaryNetworkCreateBody, primaryNetworkMetadata, type PlatformWatch, type ValidatorWatch } from '../../../nodes/shared/service/primaryNetworkWebhooks';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { serviceCall, startTestService, type TestService } from '../../harness/fixtures';

const FUJI_ADDRESS = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
const NODE_ID = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz';
const SUBNET_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

const platform: PlatformWatch = {
	eventType: 'primary_network_address_activity',
	network: 'fuji',
	addresses: [FUJI_ADDRESS],
	subEvents: ['balance_change', 'balance_threshold'],
	balanceThreshold: { balanceType: 'unlockedUnstaked', navax: '25000000000000' },
};
const validator: ValidatorWatch = {
	eventType: 'validator_activity',
	network: 'fuji',
	keyType: 'subnetId',
	key: SUBNET_ID,
	subEvents: ['l1_validator_balance_threshold'],
	nodeIds: [NODE_ID],
	subnetIds: [],
	feeBalanceThresholdNavax: '1500000000',
};

let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});

describe('primaryNetworkMetadata', () => {
	it('a P-Chain watch: its addresses as keys, its sub-events, the threshold filter only when set', () => {
		expect(primaryNetworkMetadata(platform)).toEqual({
			keyType: 'addresses',
			keys: [FUJI_ADDRESS],
			subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
			balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000000000000' },
		});
		expect(primaryNetworkMetadata({ ...platform, subEvents: ['balance_change'], balanceThreshold: undefined })).toEqual({
			keyType: 'addresses',
			keys: [FUJI_ADDRESS],
			subEvents: { addressActivitySubEvents: ['balance_change'] },
		});
	});

	it('a validator watch: its one key, the filters and fee threshold only when set', () => {
		expect(primaryNetworkMetadata(validator)).toEqual({
			keyType: 'subnetId',
			keys: [SUBNET_ID],
			subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold'] },
			nodeIds: [NODE_ID],
			l1ValidatorFeeBalanceThreshold: '1500000000',
		});
		expect(primaryNetworkMetadata({ ...validator, nodeIds: [], feeBalanceThresholdNavax: undefined })).toEqual({
			keyType: 'subnetId',
			keys: [SUBNET_ID],
			subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold'] },
		});
	});
});

describe('primaryNetworkCreateBody', () => {
	it('P-Chain webhooks name the P-Chain as their chain, validator webhooks none; name and description only when given', () => {
		expect(primaryNetworkCreateBody(platform, { url: 'https://example.com/a', name: 'Treasury' })).toEqual({
			eventType: 'primary_network_address_activity',
			url: 'https://example.com/a',
			name: 'Treasury',
			network: 'fuji',
			chainId: '11111111111111111111111111111111LpoYY',
			metadata: primaryNetworkMetadata(platform),
		});
		expect(primaryNetworkCreateBody(validator, { url: 'https://example.com/v', description: '' })).toEqual({
			eventType: 'validator_activity',
			url: 'https://example.com/v',
			network: 'fuji',
			metadata: primaryNetworkMetadata(validator),
		});
	});

	it.each([
		['a P-Chain', platform],
		['a validator', validator],
	])('gives %s webhook the service registers as asked', async (_what, watch) => {
		const body = primaryNetworkCreateBody(watch, { url: `https://example.com/${watch.eventType}`, name: 'Watch' });
		const created = await serviceCall(credentials, 'POST', '/v1/webhooks', body);
		expect(created).toMatchObject({ eventType: watch.eventType, url: body.url, name: 'Watch', status: 'active', metadata: body.metadata });
		const [stored] = (await service.control.primaryNetworkWebhooks()).filter((webhook) => webhook.id === created.id);
		expect(stored.network).toBe('fuji');
	});
});
