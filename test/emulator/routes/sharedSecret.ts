import type { Route } from '../http/router';

/** The account's shared secret (signs every delivery of every webhook of the account). */
export const sharedSecretRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/webhooks:getSharedSecret',
		privilege: 'webhooks',
		handle: (context) => ({ body: { secret: context.emulator.store.sharedSecret(context.account.id) } }),
	},
	{
		method: 'POST',
		path: '/v1/webhooks:generateOrRotateSharedSecret',
		privilege: 'webhooks',
		handle: (context) => ({ status: 201, body: { secret: context.emulator.store.sharedSecret(context.account.id, true) } }),
	},
];
