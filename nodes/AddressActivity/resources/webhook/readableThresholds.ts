import type { IDataObject } from 'n8n-workflow';

import { navaxToAvax } from '../../../shared/model/primaryNetwork';

// The service states thresholds in nAVAX; a person thinks in AVAX. As with dates (readableDates.ts),
// each keeps its value and gets a companion right after it: balanceThreshold -> balanceThresholdAvax.

/** `object` with `<field>Avax` after each nAVAX field of `fields` it has (an answer that has one keeps its own). */
function withAvax(object: IDataObject, fields: string[]): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		result[key] = value;
		if (fields.includes(key) && typeof value === 'string' && /^\d+$/.test(value) && !(`${key}Avax` in object)) {
			result[`${key}Avax`] = navaxToAvax(value);
		}
	}
	return result;
}

/** A webhook as the service sent it, with its thresholds also in AVAX. */
export function withAvaxThresholds(webhook: IDataObject): IDataObject {
	const metadata = webhook.metadata as IDataObject | undefined;
	if (metadata === undefined || metadata === null || typeof metadata !== 'object') return webhook;
	const readable = withAvax(metadata, ['l1ValidatorFeeBalanceThreshold']);
	const filter = metadata.balanceThresholdFilter as IDataObject | undefined;
	if (filter !== undefined && filter !== null && typeof filter === 'object') readable.balanceThresholdFilter = withAvax(filter, ['balanceThreshold']);
	return { ...webhook, metadata: readable };
}
