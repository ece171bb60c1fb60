/**
 * The account's shared secret as this n8n process knows it, per credential: what verifies a
 * delivery's signature. Never in static data (saved whole by whoever writes last). Lost at any
 * moment, it is read again from the service, at most once a second per credential and within the
 * delivery's time (the service waits 10 s for an answer). Both nodes reach it: the trigger records
 * and reads it, the action node's Shared Secret > Rotate forgets it.
 */
import { sleep } from 'n8n-workflow';
import type { INode, IWebhookFunctions } from 'n8n-workflow';

import { BoundedMap } from './boundedMap';
import { CREDENTIAL_TYPE, MIN_ATTEMPT_MS, ONE_ATTEMPT } from '../service/transport';
import { fetchSharedSecret } from '../service/webhooks';

/** When a delivery arrived, and when its calls to the service must have ended (ms since epoch). */
export interface Arrival {
	arrivedAt: number;
	deadline: number;
}

/** The account's shared secret per credential, and when it was last read from the service. */
interface SecretEntry {
	secret?: string;
	/** When this process's last read of it started (ms; 0 = at activation, or never). */
	readStartedAt: number;
	/** A read in progress: concurrent deliveries wait for it instead of sending their own. */
	reading?: Promise<string | undefined>;
}

const sharedSecrets = new BoundedMap<string, SecretEntry>(200);

/**
 * Reads of the shared secret start at most this often per credential: forged requests cost at most
 * one read per interval, and cannot use up the read a delivery signed after a rotation needs.
 */
export const SECRET_READ_INTERVAL_MS = 1000;

/** The credential's identity without reading (and decrypting) it: its id in the workflow. */
export function credentialKey(context: { getNode(): INode }): string {
	return context.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? 'default';
}

/** Records the secret an activation read (a delivery that fails with it still reads it again). */
export function recordSharedSecret(key: string, secret: string): void {
	sharedSecrets.set(key, { secret, readStartedAt: 0 });
}

/** The secret this process knows for the credential, without reading it. */
export function knownSharedSecret(key: string): string | undefined {
	return sharedSecrets.get(key)?.secret;
}

/**
 * After Shared Secret > Rotate in this process: no secret known here is trusted any more, so a
 * message signed with the old one is refused at once (the next delivery reads the new secret).
 * Other processes (queue mode) keep theirs until a delivery signed with the new one makes them read.
 */
export function forgetSharedSecrets(): void {
	sharedSecrets.clear();
}

async function readSecret(context: IWebhookFunctions, key: string, arrival: Arrival, known: string | undefined): Promise<string | undefined> {
	const startedAt = Date.now();
	const reading = (async () => {
		try {
			return await fetchSharedSecret.call(context, { retry: ONE_ATTEMPT, deadline: arrival.deadline });
		} catch (error) {
			context.logger.warn(
				`Address Activity Trigger "${context.getNode().name}": could not read the shared secret to verify a delivery: ${error instanceof Error ? error.message : String(error)}`,
			);
			return undefined;
		}
	})();
	sharedSecrets.set(key, { secret: known, readStartedAt: startedAt, reading });
	const secret = (await reading) ?? known;
	// Unless a rotation in this process forgot the secrets meanwhile: what this read got may be the old one.
	if (sharedSecrets.get(key)?.reading === reading) sharedSecrets.set(key, { secret, readStartedAt: startedAt });
	return secret;
}

/**
 * The shared secret as this process knows it; with `fresh`, as read by a request that started after
 * the delivery arrived (so a rotation is seen; waiting deliveries share that read). Undefined when
 * it cannot be had in time.
 */
export async function sharedSecretFor(
	context: IWebhookFunctions,
	key: string,
	arrival: Arrival,
	fresh: boolean,
): Promise<string | undefined> {
	for (;;) {
		const entry = sharedSecrets.get(key);
		if (!fresh && entry?.secret !== undefined) return entry.secret;
		const readAfterArrival = entry !== undefined && entry.readStartedAt >= arrival.arrivedAt;
		if (entry?.reading) {
			const secret = await entry.reading;
			if (readAfterArrival || !fresh) return secret ?? entry.secret;
			continue;
		}
		if (readAfterArrival) return entry.secret;
		const startAt = Math.max(Date.now(), (entry?.readStartedAt ?? 0) + SECRET_READ_INTERVAL_MS);
		if (startAt + MIN_ATTEMPT_MS > arrival.deadline) return entry?.secret;
		// Someone else may start the read while this one waits its turn: the loop then shares it.
		if (startAt > Date.now()) await sleep(startAt - Date.now());
		else return await readSecret(context, key, arrival, entry?.secret);
	}
}
