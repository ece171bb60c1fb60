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

/**
 * The requests one poll may send: Max Requests per Minute shared out over the polls the Poll
 * Times start in a minute (an hourly poll may send 60 minutes' worth).
 */
export function requestsPerPoll(context: IPollFunctions, maxRequestsPerMinute: number): number {
	const perMinute = pollsPerMinute(context.getNodeParameter('pollTimes', {}) as IDataObject);
	return Math.max(1, Math.floor(maxRequestsPerMinute / perMinute));
}
