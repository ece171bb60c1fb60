/**
 * The first step of every request to the trigger's URL: when it arrived, which URL it came to, and
 * its body once it is JSON and its x-signature holds against the account's shared secret (when
 * Verify Signature is on). A refusal answers 401 or 400 before anything else is read.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { credentialKey, sharedSecretFor, type Arrival } from '../../shared/memory/sharedSecrets';
import { isSignatureValid, type SignedDelivery } from '../../shared/model/deliverySignature';
import { rawBodyOf, webhookUrlOfRequest } from '../../shared/n8n/n8nInternals';
import { answer } from './answers';

/** The service waits 10 s for an answer: calls to it while a delivery waits share this budget. */
const SERVICE_BUDGET_MS = 4000;

/** A request whose signature held (or was not to be checked), with the receiving trigger's parameters. */
export interface VerifiedRequest<Parameters> {
	parameters: Parameters;
	/** The trigger URL it was sent to (test and production URLs differ). */
	url: string;
	arrival: Arrival;
	body: unknown;
}

export type Verification<Parameters> = { ok: true; request: VerifiedRequest<Parameters> } | { ok: false; refusal: IWebhookResponseData };

/** The request as the receivers take it, or the answer refusing it. */
export async function verifiedRequest<Parameters extends { verifySignature: boolean }>(
	context: IWebhookFunctions,
	parameters: Parameters,
): Promise<Verification<Parameters>> {
	const url = webhookUrlOfRequest(context);
	const arrival = arrivalNow();
	const read = await verifiedBody(context, parameters.verifySignature, arrival);
	if (!read.ok) return read;
	return { ok: true, request: { parameters, url, arrival, body: read.body } };
}

/** When the request arrived; calls to the service while it waits end within SERVICE_BUDGET_MS. */
function arrivalNow(): Arrival {
	const arrivedAt = Date.now();
	return { arrivedAt, deadline: arrivedAt + SERVICE_BUDGET_MS };
}

/** The request's body once it is JSON and its signature holds (when checked); otherwise the answer refusing it. */
async function verifiedBody(
	context: IWebhookFunctions,
	verifySignature: boolean,
	arrival: Arrival,
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: IWebhookResponseData }> {
	const signature = headerText(context.getHeaderData()['x-signature']);
	if (verifySignature && !signature) {
		return { ok: false, refusal: answer(context, { statusCode: 401, level: 'warn', message: 'Refused a request without an x-signature header' }) };
	}
	const read = readBody(context);
	if (!read.ok) return { ok: false, refusal: answer(context, { statusCode: 400, level: 'warn', message: 'Refused a request whose body is not JSON' }) };
	if (verifySignature && !(await isAuthentic(context, { signature, rawBody: read.rawBody, body: read.body }, arrival))) {
		const message = "Refused a request whose x-signature does not match the account's shared secret (forged, or signed with a secret the service could not confirm)";
		return { ok: false, refusal: answer(context, { statusCode: 401, level: 'warn', message }) };
	}
	return { ok: true, body: read.body };
}

/** Verifies with the secret this process knows; reads it again (at most once a second per credential) when that fails. */
async function isAuthentic(context: IWebhookFunctions, delivery: SignedDelivery, arrival: Arrival): Promise<boolean> {
	const key = credentialKey(context);
	const known = await sharedSecretFor(context, key, arrival, false);
	if (known !== undefined && isSignatureValid(delivery, known)) return true;
	const fresh = await sharedSecretFor(context, key, arrival, true);
	return fresh !== undefined && fresh !== known && isSignatureValid(delivery, fresh);
}

/** The body as JSON, from the exact bytes when n8n kept them (the raw-body signatures need those). */
function readBody(context: IWebhookFunctions): { ok: true; rawBody?: Buffer; body: unknown } | { ok: false } {
	const rawBody = rawBodyOf(context);
	if (rawBody !== undefined && rawBody.length > 0) {
		try {
			return { ok: true, rawBody, body: JSON.parse(rawBody.toString('utf8')) as unknown };
		} catch {
			return { ok: false };
		}
	}
	return { ok: true, body: context.getBodyData() };
}

function headerText(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}
