// Webhook > Create for P-Chain and validator webhooks: every bad field is refused with its field,
// its value and the item, and nothing reaches the service.
import type { INodeParameters } from 'n8n-workflow';

import { nodeId, pChainAddress, subnetId } from '../../../emulator/primary/ids';
import type { AddressActivityCredentialData } from '../../../harness/credentials';
import { startTestService, type TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});

const pChain: INodeParameters = {
	resource: 'webhook',
	operation: 'create',
	url: 'https://receiver.example.com/treasury',
	eventType: 'primary_network_address_activity',
	network: 'mainnet',
	pChainAddresses: pChainAddress('mainnet', 'treasury'),
	addressSubEvents: ['balance_change'],
};

const validator: INodeParameters = {
	resource: 'webhook',
	operation: 'create',
	url: 'https://receiver.example.com/validator',
	eventType: 'validator_activity',
	network: 'mainnet',
	validatorKeyType: 'nodeId',
	validatorKey: nodeId('ours'),
	validatorSubEvents: ['validator_stake'],
};

async function refused(parameters: INodeParameters): Promise<string | undefined> {
	await service.control.clearRequests();
	const result = await runNode({ credentials, parameters });
	expect(result.items).toEqual([]);
	expect(await service.control.requests()).toEqual([]);
	return result.error?.message;
}

describe('P-Chain Address Activity: bad input is refused before any request', () => {
	it('a balance threshold that is not a number', async () => {
		const message = await refused({ ...pChain, addressSubEvents: ['balance_threshold'], balanceType: 'unlocked', balanceThreshold: 'lots' });
		expect(message).toBe('Invalid Balance Threshold (AVAX) in item 1: "lots" is not an amount of AVAX (a number such as 25 or 0.5)');
	});

	it('a balance threshold with more than 9 decimals', async () => {
		const message = await refused({ ...pChain, addressSubEvents: ['balance_threshold'], balanceType: 'unlocked', balanceThreshold: '0.0000000001' });
		expect(message).toBe('Invalid Balance Threshold (AVAX) in item 1: "0.0000000001" has more than 9 decimals (1 nAVAX = 0.000000001 AVAX)');
	});

	it('a balance threshold from the number field with more digits than a number keeps exactly', async () => {
		// Typed as 123456789.123456789, the editor stores the nearest number, 123456789.12345679.
		const message = await refused({ ...pChain, addressSubEvents: ['balance_threshold'], balanceType: 'unlocked', balanceThreshold: Number('123456789.123456789') });
		expect(message).toBe(
			'Invalid Balance Threshold (AVAX) in item 1: "123456789.12345679" has more than 15 significant digits, more than a number keeps exactly (give the amount as text with an expression, e.g. {{ "123456789.123456789" }})',
		);
	});

	it('a balance threshold left empty in the number field', async () => {
		const message = await refused({ ...pChain, addressSubEvents: ['balance_threshold'], balanceType: 'unlocked', balanceThreshold: null });
		expect(message).toBe('Invalid Balance Threshold (AVAX) in item 1: no threshold given: the Balance Threshold sub-event needs the amount to watch for');
	});

	it('the Balance Threshold sub-event without a threshold (an expression that gives nothing)', async () => {
		// Left empty in the editor, n8n itself refuses the required field; an expression can still give nothing.
		const message = await refused({ ...pChain, addressSubEvents: ['balance_change', 'balance_threshold'], balanceType: 'unlocked', balanceThreshold: '={{ $json.threshold }}' });
		expect(message).toBe('Invalid Balance Threshold (AVAX) in item 1: no threshold given: the Balance Threshold sub-event needs the amount to watch for');
	});

	it('a P-Chain address of the other network', async () => {
		const fuji = pChainAddress('fuji', 'elsewhere');
		const message = await refused({ ...pChain, pChainAddresses: `${pChainAddress('mainnet', 'one')}\n${fuji}` });
		expect(message).toBe(`Invalid Addresses in item 1: 1 of 2 is not a mainnet address (mainnet P-Chain addresses start with P-avax1): #2 "${fuji}"`);
	});

	it('a 0x address among P-Chain addresses', async () => {
		const evm = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
		const message = await refused({ ...pChain, pChainAddresses: evm });
		expect(message).toBe(`Invalid Addresses in item 1: "${evm}" is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji)`);
	});

	it('no address at all', async () => {
		expect(await refused({ ...pChain, pChainAddresses: ' , ' })).toBe('Invalid Addresses in item 1: no address given (a webhook watches at least one)');
	});

	it('no sub-event chosen', async () => {
		expect(await refused({ ...pChain, addressSubEvents: '={{ [] }}', balanceThreshold: '1' })).toBe('Invalid Sub-Events in item 1: no sub-event chosen (choose at least one)');
	});

	it('a sub-event from an expression that the type does not have', async () => {
		const message = await refused({ ...pChain, addressSubEvents: '={{ ["balance_change", "validator_stake"] }}', balanceThreshold: '1' });
		expect(message).toBe('Invalid Sub-Events in item 1: 1 of 2 is not one of "balance_change", "balance_threshold", "reward_distribution": #2 "validator_stake"');
	});

	it('a balance type from an expression that the SDK does not have', async () => {
		const message = await refused({ ...pChain, addressSubEvents: ['balance_threshold'], balanceType: '={{ "spendable" }}', balanceThreshold: '10' });
		expect(message).toMatch(/^Invalid Balance Type in item 1: "spendable" is not one of "unlockedUnstaked", /);
	});
});

describe('Validator Activity: bad input is refused before any request', () => {
	it('a node ID of the wrong form', async () => {
		const message = await refused({ ...validator, validatorKey: 'NodeID-abc' });
		expect(message).toBe('Invalid Key in item 1: "NodeID-abc" is not a node ID (NodeID- followed by 32 or 33 letters and digits)');
	});

	it('two keys: the service watches one per validator webhook', async () => {
		const two = `${nodeId('a')}, ${nodeId('b')}`;
		const message = await refused({ ...validator, validatorKey: two });
		expect(message).toMatch(new RegExp(`^Invalid Key in item 1: "${nodeId('a')}, NodeID-.*" holds 2 keys, but a validator webhook watches exactly one node ID \\(one webhook per key\\)$`));
	});

	it('a node ID where the Key Type is Subnet ID', async () => {
		const node = nodeId('ours');
		const message = await refused({ ...validator, validatorKeyType: 'subnetId', validatorKey: node });
		expect(message).toBe(`Invalid Key in item 1: "${node}" is not a subnet ID (49 or 50 letters and digits, cb58)`);
	});

	it('a bad entry in the Node IDs filter', async () => {
		const message = await refused({ ...validator, validatorKeyType: 'subnetId', validatorKey: subnetId('l1'), validatorFilters: { nodeIds: `${nodeId('x')} NodeID-0` } });
		expect(message).toBe('Invalid Node IDs in item 1: 1 of 2 is not a node ID (NodeID- followed by 32 or 33 letters and digits): #2 "NodeID-0"');
	});

	it('a bad entry in the Subnet IDs filter', async () => {
		const message = await refused({ ...validator, validatorFilters: { subnetIds: 'my-l1' } });
		expect(message).toBe('Invalid Subnet IDs in item 1: "my-l1" is not a subnet ID (49 or 50 letters and digits, cb58)');
	});

	it('the L1 Validator Balance Threshold sub-event without a threshold (an expression that gives nothing)', async () => {
		const message = await refused({ ...validator, validatorSubEvents: ['l1_validator_balance_threshold'], feeBalanceThreshold: '={{ $json.threshold }}' });
		expect(message).toBe(
			'Invalid L1 Fee Balance Threshold (AVAX) in item 1: no threshold given: the L1 Validator Balance Threshold sub-event needs the fee balance to watch for',
		);
	});

	it('an L1 fee balance threshold that is not a number', async () => {
		const message = await refused({ ...validator, validatorSubEvents: ['l1_validator_balance_threshold'], feeBalanceThreshold: '-1' });
		expect(message).toBe('Invalid L1 Fee Balance Threshold (AVAX) in item 1: "-1" is not an amount of AVAX (a number such as 25 or 0.5)');
	});
});

describe('every item is checked before the first request', () => {
	it('a bad validator key in item 3 fails the node before the validator webhooks of items 1 and 2 are made', async () => {
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: { ...validator, validatorKey: '={{ $json.key }}' },
			items: [{ key: nodeId('one') }, { key: nodeId('two') }, { key: `${nodeId('three')} ${nodeId('four')}` }],
		});
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/^Invalid Key in item 3: ".*" holds 2 keys/);
		expect(result.error?.context.itemIndex).toBe(2);
		expect(await service.control.requests()).toEqual([]);
	});
});
