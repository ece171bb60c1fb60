/**
 * The poll trigger's parameters as each poll reads them, through n8n-core's PollContext against the
 * emulator: bad input is rejected naming the field and the value before anything is sent.
 */
import { pollParameters, randomAddress, startPollService, type PollTestService } from './support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

describe('parameters rejected before anything is sent', () => {
	it.each([
		[{ addresses: '0x12ab' }, 'Invalid Addresses: "0x12ab" is not a valid address'],
		[{ addresses: '' }, 'No addresses to monitor'],
		[{ chainId: { __rl: true, mode: 'id', value: 'avalanche' } }, 'Invalid Chain: "avalanche" is not a chain ID'],
		[{ filters: { minimumAmount: 'lots' } }, 'Invalid Minimum Amount: "lots" is not a non-negative decimal number'],
		[{ filters: { minimumAmount: 0.1 + 0.2 } }, 'Invalid Minimum Amount: "0.30000000000000004" has more than 15 significant digits, more than a number keeps exactly'],
		[{ addresses: '0x12ab, 0x34cd' }, 'Invalid Addresses: 2 of 2 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #1 "0x12ab", #2 "0x34cd"'],
		[{ options: { startFromBlock: -1 } }, 'Invalid Start From Block: "-1" is not a whole number of 0 or more'],
		[{ options: { maxPages: 0 } }, 'Invalid Max Pages per Address: "0" is not a whole number of 1 or more'],
		[{ options: { maxRequestsPerMinute: 2.5 } }, 'Invalid Max Requests per Minute: "2.5" is not a whole number of 1 or more'],
	])('%j: %s', async (overrides, message) => {
		const trigger = service.harness({ ...pollParameters([randomAddress()]), ...overrides });
		await service.takeRequests();
		await expect(trigger.activate()).rejects.toThrow(message);
		expect(await service.takeRequests()).toEqual([]);
	});
});
