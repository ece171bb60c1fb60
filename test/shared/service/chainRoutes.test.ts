import type { INode } from 'n8n-workflow';

import { blockRoute, chainRoute, transactionRoute, utxosRoute } from '../../../nodes/shared/service/chainRoutes';
import { serviceApiError } from '../../../nodes/shared/service/serviceErrors';
import type { ServiceContext } from '../../../nodes/shared/service/transport';

const node: INode = { id: '1', name: 'Address Activity', type: 'n8n-nodes-address-activity.addressActivity', typeVersion: 1, position: [0, 0], parameters: {} };
const context = { getNode: () => node } as unknown as ServiceContext;
const notFound = (said: string[]) => ({ message: said, error: 'Not Found', statusCode: 404 });

describe('a 404 from a chain route is explained by what the request was about', () => {
	it('names the block when the service says nothing, with the block hint', () => {
		const error = serviceApiError(context, { status: 404, body: notFound([]), subject: blockRoute('43114', 123).subject });
		expect(error.message).toBe('Not found: block 123 on chain 43114');
		expect(error.description).toContain('Check the block number or hash');
	});

	it("keeps the service's own words when it gives them", () => {
		const error = serviceApiError(context, { status: 404, body: notFound(['no such transaction']), subject: transactionRoute('43113', '0xab').subject });
		expect(error.message).toBe('Not found: no such transaction');
		expect(error.description).toContain('Check the transaction hash and the chain');
	});

	it.each([
		['chain', chainRoute('1').subject, 'Check the chain ID'],
		['UTXOs', utxosRoute('fuji', 'p-chain').subject, 'Check the network'],
		['webhook (no subject)', undefined, 'The webhook may have been deleted'],
	])('gives the %s hint', (_name, subject, hint) => {
		expect(serviceApiError(context, { status: 404, body: notFound(['gone']), subject }).description).toContain(hint);
	});
});

describe('chain routes', () => {
	it('encode each part of the path', () => {
		expect(transactionRoute('43114', 'a/b').path).toBe('/v1/chains/43114/transactions/a%2Fb');
		expect(utxosRoute('mainnet', 'p-chain').path).toBe('/v1/networks/mainnet/blockchains/p-chain/utxos');
	});
});
