/**
 * When Execute step last showed a sample, per workflow and node, with what it was of (chains,
 * addresses, filters, output; a P-Chain or validator trigger's watch and output): within
 * SAMPLE_REPEAT_MS, another Execute step of the same trigger waits for a live event instead
 * (../sample/send.ts).
 */
import { createHash } from 'crypto';

import { BoundedMap } from '../../shared/memory/boundedMap';
import type { PrimaryNetworkWatch } from '../../shared/service/primaryNetworkWebhooks';
import type { DeliveryParameters } from '../parameters/readParameters';

/** How long after a sample another Execute step of the same trigger and parameters listens for a live transfer. */
export const SAMPLE_REPEAT_MS = 10 * 60 * 1000;

const samplesShown = new BoundedMap<string, { of: string; at: number }>(200);

/** What an EVM trigger's sample is of; a P-Chain or validator trigger's is of its watch. */
type SampledParameters = Pick<DeliveryParameters, 'chainIds' | 'addresses' | 'output' | 'filters'> | { watch: PrimaryNetworkWatch; output: string };

/** What a sample was of: a digest, since a list may hold 100,000 addresses. */
function digestOf(parameters: SampledParameters): string {
	if ('watch' in parameters) return createHash('sha256').update(JSON.stringify([parameters.watch, parameters.output])).digest('base64');
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
