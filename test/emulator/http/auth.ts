/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage } from 'node:http';

import type { KeyRecord, Store } from '../store';
import type { Privilege } from '../types';
import { ApiError } from './errors';

export const API_KEY_HEADER = 'x-service-api-key';

/** The key of a request: missing or unknown is a 401 (the key itself never appears in the answer). */
export function authenticate(store: Store, req: IncomingMessage): KeyRecord {
	const apiKey = req.headers[API_KEY_HEADER];
	if (typeof apiKey !== 'string' || apiKey === '') {
		throw new ApiError(401, [`missing API key: send it in the ${API_KEY_HEADER} header`]);
	}
	const key = store.findKey(apiKey);
	if (!key) throw new ApiError(401, ['invalid API key']);
	return key;
}

/** A valid key without the route's privilege is a 403. */
export function authorize(key: KeyRecord, privilege: Privilege): void {
	if (key.privileges.includes(privilege)) return;
	throw new ApiError(403, [
		privilege === 'webhooks'
			? 'this API key is not allowed to change webhooks or read the shared secret'
			: 'this API key is not allowed to read data',
	]);
}
