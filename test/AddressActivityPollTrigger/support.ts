/** Shared set-up of the poll trigger tests: an emulator, keys, parameters, activity and the request log. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { SeenRequest } from '../harness/emulatorControl';
import { byId, randomAddress, startTestService, type TestService } from '../harness/fixtures';
import { PollHarness, type PollHarnessOptions } from '../harness/poll';

export const FUJI = '43113';
export const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
export const AVAX = BigInt('1000000000000000000');

/** Poll trigger parameters as the editor stores them. */
export function pollParameters(addresses: string[], overrides: INodeParameters = {}): INodeParameters {
	return {
		chainId: byId(FUJI),
		addresses: addresses.join(', '),
		includeInternalTxs: false,
		output: 'transfers',
		filters: {},
		options: {},
		...overrides,
	};
}

export interface PollTestService extends TestService {
	key: string;
	/** A poll harness with this service's credential (a paid key with a generous rate limit). */
	harness(parameters: INodeParameters, options?: Partial<PollHarnessOptions>): PollHarness;
	/** A native transfer on Fuji; `block: 'head'` puts it into the newest block. */
	transfer(from: string, to: string, value?: bigint, extra?: IDataObject): Promise<{ txHash: string; blockNumber: string }>;
	/** The /v1 requests seen since the last call (control routes are not logged). */
	takeRequests(): Promise<SeenRequest[]>;
}

export async function startPollService(): Promise<PollTestService> {
	const service = await startTestService({ rateLimit: { limit: 100_000, windowSeconds: 60 } });
	const { key } = await service.control.createKey({ plan: 'paid' });
	return {
		...service,
		key,
		harness: (parameters, options = {}) => new PollHarness({ parameters, credentials: service.credentials(key), ...options }),
		transfer: async (from, to, value = AVAX, extra = {}) =>
			await service.control.activity({ chainId: FUJI, from, to, value: value.toString(), ...extra }),
		takeRequests: async () => {
			const requests = await service.control.requests();
			await service.control.clearRequests();
			return requests.filter((request) => request.path.startsWith('/v1/'));
		},
	};
}

export const hashesOf = (items: INodeExecutionData[] | undefined): string[] => (items ?? []).map((item) => String(item.json.txHash));

export { randomAddress };
