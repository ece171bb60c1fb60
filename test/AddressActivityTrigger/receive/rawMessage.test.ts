// The Raw Message output's item: the message as delivered, with the request's headers only when
// Include Headers is on, and never a header that carries a credential.
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { rawMessageItem } from '../../../nodes/AddressActivityTrigger/receive/rawMessage';

const requestWith = (headers: Record<string, string | string[] | undefined>) => ({ getHeaderData: () => headers }) as unknown as IWebhookFunctions;

const message: IDataObject = { webhookId: 'w-1', messageId: 'm-1', event: { transaction: { txHash: '0xaa' } } };

describe('rawMessageItem', () => {
	it('is the message itself without Include Headers', () => {
		const item = rawMessageItem(requestWith({ 'x-signature': 'ab' }), { includeHeaders: false }, message);
		expect(item).toBe(message);
	});

	it('puts the headers beside the message with Include Headers, repeated ones as the list n8n read', () => {
		const item = rawMessageItem(
			requestWith({ 'content-type': 'application/json', 'x-signature': 'ab12', 'x-forwarded-for': ['10.0.0.1', '10.0.0.2'] }),
			{ includeHeaders: true },
			message,
		);
		expect(item).toEqual({
			headers: { 'content-type': 'application/json', 'x-signature': 'ab12', 'x-forwarded-for': ['10.0.0.1', '10.0.0.2'] },
			body: message,
		});
		expect(item.body).toBe(message);
	});

	it('never copies a header that carries a credential, whatever its case, nor one without a value', () => {
		const item = rawMessageItem(
			requestWith({
				Authorization: 'Basic eDp5',
				'proxy-authorization': 'Bearer t',
				Cookie: 'n8n-auth=secret',
				'X-Service-Api-Key': 'key-1',
				'x-empty': undefined,
				'user-agent': 'service/1.0',
			}),
			{ includeHeaders: true },
			message,
		);
		expect(item.headers).toEqual({ 'user-agent': 'service/1.0' });
		expect(JSON.stringify(item)).not.toMatch(/eDp5|Bearer|n8n-auth|key-1/);
	});
});
