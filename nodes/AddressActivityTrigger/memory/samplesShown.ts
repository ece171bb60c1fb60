/**
 * When Execute step last showed a sample, per workflow and node, with what it was of (chains,
 * addresses, filters, output): within SAMPLE_REPEAT_MS, another Execute step of the same trigger
 * waits for a live transfer instead (../sample/send.ts).
 */
import { createHash } from 'crypto';

import { BoundedMap } from '../../shared/memory/boundedMap';
import type { DeliveryParameters } from '../parameters/readParameters';

/** How long after a sample another Execute step of the same trigger and parameters listens for a live transfer. */
export const SAMPLE_REPEAT_MS = 10 * 60 * 1000;

const samplesShown = new BoundedMap<string, { of: string; at: number }>(200);

type SampledParameters = Pick<DeliveryParameters, 'chainIds' | 'addresses' | 'output' | 'filters'>;

/** What a sample was of: a digest, since a list may hold 100,000 addresses. */
function digestOf(parameters: SampledParameters): string {
	const { chainIds, addresses, output, filters } = parameters;
	const minimum = filters.minimumAmount === undefined ? null : `${filters.minimumAmount.digits}e-${filters.minimumAmount.scale}`;
	const text = JSON.stringify([chainIds, addresses.lowerCase, output, filters.directions, filters.assetTypes, minimum, filters.tokenContracts?.lowerCase ?? null]);
	return createHash('sha256').update(text).digest('base64');
}

export function rememberSampleShown(trigger: string, parameters: SampledParameters, at = Date.now()): void {
	samplesShown.set(trigger, { of: digestOf(parameters), at });
}

/** Whether this trigger showed a sample of these parameters less than SAMPLE_REPEAT_MS ago. */
export function sampleShownRecently(trigger: string, parameters: SampledParameters, now = Date.now()): boolean {
	const shown = samplesShown.get(trigger);
	return shown !== undefined && shown.of === digestOf(parameters) && now - shown.at < SAMPLE_REPEAT_MS;
}

export function forgetSamplesShown(): void {
	samplesShown.clear();
}
