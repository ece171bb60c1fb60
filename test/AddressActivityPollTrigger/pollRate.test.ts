// The share of Max Requests per Minute one poll may send, from the polls the Poll Times start in a
// minute (cron expressions counted in their busiest hour).
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { pollsPerMinute, requestsPerPoll } from '../../nodes/AddressActivityPollTrigger/pollRate';

const times = (...item: IDataObject[]) => ({ item });

/** A poll whose Poll Times parameter is `pollTimes` (n8n's default `{}` when not given). */
const pollWith = (pollTimes?: IDataObject) =>
	({ getNodeParameter: (name: string, fallback: unknown) => (name === 'pollTimes' ? (pollTimes ?? fallback) : fallback) }) as unknown as IPollFunctions;

describe('pollsPerMinute', () => {
	it('adds up the entries of the fixed modes', () => {
		expect(pollsPerMinute(times({ mode: 'everyMinute' }, { mode: 'everyMinute' }, { mode: 'everyMinute' }))).toBe(3);
		expect(pollsPerMinute(times({ mode: 'everyMinute' }, { mode: 'everyHour', minute: 5 }))).toBeCloseTo(1 + 1 / 60, 12);
		expect(pollsPerMinute(times({ mode: 'everyDay', hour: 3 }))).toBeCloseTo(1 / (24 * 60), 12);
		expect(pollsPerMinute(times({ mode: 'everyWeek' }))).toBeCloseTo(1 / (7 * 24 * 60), 12);
		// A month counted as its shortest, 28 days: the busiest case.
		expect(pollsPerMinute(times({ mode: 'everyMonth' }))).toBeCloseTo(1 / (28 * 24 * 60), 12);
	});

	it('reads Every X in minutes or hours, a value below 1 as 1', () => {
		expect(pollsPerMinute(times({ mode: 'everyX', value: 2, unit: 'minutes' }))).toBe(0.5);
		expect(pollsPerMinute(times({ mode: 'everyX', value: 3, unit: 'hours' }))).toBeCloseTo(1 / 180, 12);
		expect(pollsPerMinute(times({ mode: 'everyX', value: 0, unit: 'minutes' }))).toBe(1);
	});

	it.each([
		// Six fields start with the second, five with the minute.
		['0 */5 * * * *', '12 / 60'],
		// Every 2 minutes in office hours: the busiest hours count.
		['*/2 9-17 * * 1-5', '30 / 60'],
		['0,30 * * * *', '2 / 60'],
		['0-29/10 * * * *', '3 / 60'],
		['5/15 * * * *', '4 / 60'],
		['* * * * *', '60 / 60'],
		// A minute field it cannot read: the busiest case, every minute.
		['L * * * *', '60 / 60'],
		['', '60 / 60'],
	])('counts the cron expression %j as %s polls a minute', (cronExpression, perMinute) => {
		expect(pollsPerMinute(times({ mode: 'custom', cronExpression }))).toBeCloseTo(Number(perMinute.split(' / ')[0]) / 60, 12);
	});

	it('counts no Poll Times as every minute, the default', () => {
		expect(pollsPerMinute(undefined)).toBe(1);
		expect(pollsPerMinute({})).toBe(1);
		expect(pollsPerMinute(times())).toBe(1);
	});
});

describe('requestsPerPoll', () => {
	it('gives a poll every minute the whole Max Requests per Minute, an hourly poll an hour of it', () => {
		expect(requestsPerPoll(pollWith(), 120)).toBe(120);
		expect(requestsPerPoll(pollWith(times({ mode: 'everyMinute' })), 120)).toBe(120);
		expect(requestsPerPoll(pollWith(times({ mode: 'everyHour', minute: 0 })), 120)).toBe(7200);
	});

	it('shares it out over the polls of a minute, in whole requests, at least one', () => {
		const twice = times({ mode: 'everyMinute' }, { mode: 'everyMinute' });
		expect(requestsPerPoll(pollWith(twice), 121)).toBe(60);
		// Seconds do not count: n8n starts a poll at most once a minute.
		expect(requestsPerPoll(pollWith(times({ mode: 'custom', cronExpression: '*/10 * * * * *' })), 12)).toBe(12);
		expect(requestsPerPoll(pollWith(times({ mode: 'everyMinute' }, { mode: 'everyMinute' }, { mode: 'everyMinute' })), 2)).toBe(1);
	});
});
