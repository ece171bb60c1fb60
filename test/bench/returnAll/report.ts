/* eslint-disable no-console */
// The Return All benchmark's table: per reader, ms per page and its ratio to the bare fetch loop,
// the requests' span, the time before the first request and after the last, and CPU time.
import { median, type Reader, type Round } from './round';

const LABEL = 48;

function column(value: number, width: number): string {
	return (Number.isFinite(value) ? value.toFixed(2) : '-').padStart(width);
}

function row(label: string, rounds: Round[], ms: (round: Round) => number, bareMedian: number): string {
	const perPage = rounds.map((r) => ms(r) / r.pages);
	return (
		`${label.padEnd(LABEL)} ${column(median(perPage), 15)} ${column(Math.min(...perPage), 13)} ${(median(perPage) / bareMedian).toFixed(2).padStart(15)}x` +
		` ${column(median(rounds.map((r) => (r.requestsMs ?? NaN) / r.pages)), 17)}` +
		` ${column(median(rounds.map((r) => r.beforeMs ?? NaN)), 16)}` +
		` ${column(median(rounds.map((r) => ms(r) - (r.beforeMs ?? NaN) - (r.requestsMs ?? NaN))), 14)}` +
		` ${column(median(rounds.map((r) => (r.cpuMs ?? NaN) / r.pages)), 12)}`
	);
}

/** Prints the table; the first reader is the bare fetch loop the ratios are to. */
export function printReport(readers: Reader[], results: Round[][]): void {
	console.log(
		`${'reader'.padEnd(LABEL)} ${'ms/page median'.padStart(15)} ${'ms/page best'.padStart(13)} ${'x bare (median)'.padStart(16)}` +
			` ${'requests ms/page'.padStart(17)} ${'ms before first'.padStart(16)} ${'ms after last'.padStart(14)} ${'CPU ms/page'.padStart(12)}`,
	);
	console.log(`${''.padEnd(LABEL)} ${''.padStart(15)} ${''.padStart(13)} ${''.padStart(16)} ${'(medians)'.padStart(17)}`);
	const bareMedian = median(results[0].map((r) => r.ms / r.pages));
	const medians = new Map<string, number>();
	for (const [index, reader] of readers.entries()) {
		const rounds = results[index];
		console.log(row(reader.label, rounds, (r) => r.ms, bareMedian));
		medians.set(reader.label, median(rounds.map((r) => r.ms / r.pages)));
		if (reader.partLabel) console.log(row(reader.partLabel, rounds, (r) => r.partMs ?? NaN, bareMedian));
	}
	const nodeInN8n = readers.find((reader) => reader.label.startsWith('node Return All in n8n'));
	const httpRequest = readers.find((reader) => reader.label.startsWith('HTTP Request'));
	if (nodeInN8n && httpRequest) {
		const ratio = (medians.get(nodeInN8n.label) ?? NaN) / (medians.get(httpRequest.label) ?? NaN);
		console.log(`node in n8n x HTTP Request + Split Out in n8n (medians of ms/page): ${ratio.toFixed(2)}x`);
	}
}
