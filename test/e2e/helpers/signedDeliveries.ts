// Deliveries the tests send to n8n themselves, signed the way the service signs them: copies of a
// real delivery with another messageId (and whatever else a test changes), to race copies of one
// message or to send bodies the emulator would never produce.
import { randomBytes, randomUUID } from 'crypto';

import { signMessage } from '../../emulator/delivery/signing';
import type { DeliveryAttempt } from '../../harness/emulatorControl';
import { waitFor } from '../../harness/wait';

export interface SignedBody {
	messageId: string;
	body: Record<string, unknown>;
	text: string;
	signature: string;
}

type Transaction = Record<string, unknown>;

/**
 * A copy of `delivery`'s body as a new message (fresh messageId and txHash), with `change` applied
 * to its transaction, signed with the documented scheme (JCS, hex-decoded secret).
 */
export function newMessage(delivery: DeliveryAttempt, secret: string, change: (transaction: Transaction) => void = () => undefined): SignedBody {
	const messageId = randomUUID();
	const body = { ...structuredClone(delivery.body), messageId };
	const transaction = body.event.transaction as Transaction;
	transaction.txHash = `0x${randomBytes(32).toString('hex')}`;
	change(transaction);
	return { messageId, body, text: JSON.stringify(body), signature: signMessage(body, secret, 'jcs') };
}

/** POSTs a body to a trigger URL as the service does; returns the status and the answer's text. */
export async function post(url: string, text: string, signature: string | undefined): Promise<{ status: number; text: string }> {
	const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'address-activity-emulator/1.0' };
	if (signature !== undefined) headers['x-signature'] = signature;
	const response = await fetch(url, { method: 'POST', headers, body: text });
	return { status: response.status, text: await response.text() };
}

/**
 * POSTs a body and stops waiting for the answer (closes the connection, as the service does after
 * its 10 s) as soon as `when` holds; returns the status if n8n answered first, else 'abandoned'.
 */
export async function postAndGiveUp(url: string, text: string, signature: string, when: () => Promise<boolean>): Promise<string> {
	const controller = new AbortController();
	const sent = fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-signature': signature },
		body: text,
		signal: controller.signal,
	}).then(
		(response) => String(response.status),
		() => 'abandoned',
	);
	let answered = false;
	void sent.then(() => (answered = true));
	await waitFor('the condition to give up on the request', async () => answered || (await when()), 20_000, 25);
	controller.abort();
	return await sent;
}
