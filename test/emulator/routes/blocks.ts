import { badRequest, notFound } from '../http/errors';
import type { Route } from '../http/router';
import { HASH_PATTERN } from '../http/validation';
import { blockResource } from '../chain/resources';
import { chainFor, walk } from './chainAccess';

/** Blocks of a chain, newest first, and one block by number or hash. */
export const blockRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/chains/{chainId}/blocks',
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const page = context.page((cursor = chain.blocks.length - 1, pageSize) => {
				const { positions, next } = walk(cursor, -1, -1, pageSize, () => true);
				return { items: positions.map((position) => blockResource(chain, chain.blocks[position])), next };
			});
			return { body: { blocks: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) } };
		},
	},
	{
		method: 'GET',
		path: '/v1/chains/{chainId}/blocks/{blockId}',
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const { blockId } = context.params;
			if (!/^\d+$/.test(blockId) && !HASH_PATTERN.test(blockId)) {
				throw badRequest(`blockId must be a block number or a block hash (0x followed by 64 hexadecimal characters), got '${blockId}'`);
			}
			const block = chain.findBlock(blockId);
			if (!block) throw notFound(`block ${blockId} was not found on chain ${chain.id}`);
			return { body: blockResource(chain, block) };
		},
	},
];
