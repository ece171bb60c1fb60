import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions, TriggerTime } from 'n8n-workflow';

const MINUTES_PER: Record<string, number> = {
	everyMinute: 1,
	everyHour: 60,
	everyDay: 24 * 60,
	everyWeek: 7 * 24 * 60,
	everyMonth: 28 * 24 * 60,
};

/** How many of a cron field's values (`size` of them, from `first`) a field such as "*", "*\/5", "0-29/10" or "1,31" matches. */
function fieldCount(field: string, first: number, size: number): number {
	let count = 0;
	for (const part of field.split(',')) {
		const match = /^(\*|\d+)(?:-(\d+))?(?:\/(\d+))?$/.exec(part.trim());
		if (match === null) return size; // names or anything unusual: assume the busiest case
		const start = match[1] === '*' ? first : Number(match[1]);
		const end = match[2] !== undefined ? Number(match[2]) : match[1] === '*' || match[3] !== undefined ? first + size - 1 : start;
		const step = match[3] !== undefined ? Math.max(Number(match[3]), 1) : 1;
		count += end >= start ? Math.floor((end - start) / step) + 1 : 0;
	}
	return Math.min(count, size);
}

/** Polls a Poll Times entry starts per minute, in its busiest hour. */
function pollsPerMinuteOf(time: TriggerTime): number {
	if (time.mode === 'everyX') {
		const value = Number(time.value) >= 1 ? Number(time.value) : 1;
		return 1 / (time.unit === 'hours' ? value * 60 : value);
	}
	if (time.mode === 'custom') {
		const fields = String(time.cronExpression ?? '').trim().split(/\s+/);
		// Five fields start with the minute; six with the second (n8n refuses more than one a minute).
		const minuteField = fields.length >= 6 ? fields[1] : fields[0];
		return minuteField === undefined ? 1 : fieldCount(minuteField, 0, 60) / 60;
	}
	return 1 / (MINUTES_PER[time.mode] ?? 1);
}

/** How many polls per minute the Poll Times start at most (entries add up). */
export function pollsPerMinute(pollTimes: IDataObject | undefined): number {
	const times = ((pollTimes?.item as TriggerTime[] | undefined) ?? []).filter((time) => time && typeof time.mode === 'string');
	// Without poll times n8n would not poll at all; count it as every minute, the default.
	if (times.length === 0) return 1;
	return times.reduce((sum, time) => sum + pollsPerMinuteOf(time), 0);
}

function describeRate(perMinute: number): string {
	if (perMinute >= 1) return perMinute === 1 ? 'every minute' : `${Number(perMinute.toFixed(2))} times a minute`;
	const minutes = Math.round(1 / perMinute);
	return minutes % 60 === 0 ? `every ${minutes / 60 === 1 ? 'hour' : `${minutes / 60} hours`}` : `every ${minutes} minutes`;
}

/**
 * A poll sends one request for the chain's newest block and one per address (more only for
 * addresses with over 100 new transactions). Fails, before any request, when the addresses and
 * the Poll Times would need more requests per minute than the trigger may spend.
 */
export function checkRequestRate(context: IPollFunctions, addressCount: number, maxRequestsPerMinute: number): void {
	const perMinute = pollsPerMinute(context.getNodeParameter('pollTimes', {}) as IDataObject);
	const requestsPerPoll = addressCount + 1;
	const needed = requestsPerPoll * perMinute;
	if (needed <= maxRequestsPerMinute) return;
	const minutes = Math.ceil(requestsPerPoll / maxRequestsPerMinute);
	throw new NodeOperationError(
		context.getNode(),
		`Too many addresses for the Poll Times: ${addressCount} addresses polled ${describeRate(perMinute)} need up to ${Math.ceil(needed)} requests per minute, more than Max Requests per Minute (${maxRequestsPerMinute})`,
		{
			description: `Each poll sends one request per address plus one. Poll every ${minutes} minutes or less often, split the addresses over several triggers, or raise "Max Requests per Minute" in Options if the account's rate limit allows it.`,
		},
	);
}
