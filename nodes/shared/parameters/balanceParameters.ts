import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { AddressSet } from '../model/addresses';
import { amountText, INEXACT_NUMBER, parseDecimal } from '../model/amounts';
import type { BalanceOptions, CrossingDirection } from '../model/balanceAlerts';
import { InvalidInputError, quoteValue } from '../model/invalidInput';

// The Balances collection of both triggers' Transfers output: the monitored address's balance
// after each transfer, and alerts when it crosses a threshold (model/balanceAlerts.ts).

export const balanceOptionsParameter: INodeProperties = {
	displayName: 'Balances',
	name: 'balances',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { output: ['transfers'] } },
	options: [
		{
			// A number field, empty until filled in (a threshold given as text, by an expression, is read the same way).
			displayName: 'Alert Threshold',
			name: 'alertThreshold',
			type: 'number',
			default: null,
			typeOptions: { minValue: 0 },
			placeholder: 'e.g. 50',
			description: "The line, in the token's units with decimals (50 means 50 AVAX; 10000.5 means 10,000.5 USDC)",
		},
		{
			displayName: 'Alert Token Contract',
			name: 'alertContract',
			type: 'string',
			default: '',
			placeholder: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
			description: "The ERC-20 token whose balance the alert watches. Empty: the chain's native token (AVAX on the C-Chain).",
		},
		{
			displayName: 'Alert When Balance',
			name: 'alertWhen',
			type: 'options',
			default: 'below',
			description:
				"Put out only transfers whose block took the monitored address's balance across the Alert Threshold, with the balance before and after; the other transfers start no run",
			options: [
				{ name: 'Falls Below', value: 'below', description: 'From at or above the threshold to below it' },
				{ name: 'Rises to or Above', value: 'above', description: 'From below the threshold to at or above it' },
				{ name: 'Crosses Either Way', value: 'either' },
			],
		},
		{
			displayName: 'Include Balance After',
			name: 'includeBalanceAfter',
			type: 'boolean',
			default: false,
			description:
				"Whether each item gets the monitored address's balance of the transferred token after the transfer's block (balanceAfter, exact, and balanceAfterRaw); null for ERC-721 transfers",
		},
	],
};

const DIRECTIONS: CrossingDirection[] = ['below', 'above', 'either'];

function parseThreshold(value: unknown): { threshold: NonNullable<ReturnType<typeof parseDecimal>>; text: string } {
	const text = value === null || value === undefined ? '' : amountText(value);
	if (text === undefined) throw new InvalidInputError(`${quoteValue(value)} ${INEXACT_NUMBER}`, value);
	const threshold = text === '' ? undefined : parseDecimal(text);
	if (threshold === undefined) {
		throw new InvalidInputError(
			text === '' ? 'no threshold given: an alert needs the line its balance crosses' : `${quoteValue(value)} is not an amount (a number of 0 or more, in the token's units, such as 50 or 0.5)`,
			value,
		);
	}
	return { threshold, text };
}

function parseContract(value: unknown): string | null {
	const contracts = AddressSet.parse(value ?? '');
	if (contracts.size > 1) throw new InvalidInputError(`${quoteValue(value)} holds ${contracts.size} contracts; an alert watches one token`, value);
	return contracts.size === 0 ? null : contracts.lowerCase[0];
}

/**
 * The Balances collection, checked. `parsed(field, parse)` runs a check and names the field when it
 * fails (each trigger words its errors its own way). An alert needs Alert When Balance or a threshold set.
 */
export function readBalanceOptions(values: IDataObject, parsed: <T>(field: string, parse: () => T) => T): BalanceOptions {
	const options: BalanceOptions = { includeBalanceAfter: values.includeBalanceAfter === true || values.includeBalanceAfter === 'true' };
	// Read on every delivery: nothing set, nothing to check.
	if (Object.keys(values).length === 0) return options;
	const alerting = ['alertWhen', 'alertThreshold', 'alertContract'].some((name) => values[name] !== undefined && values[name] !== '');
	if (!alerting) return options;
	const when = parsed('Alert When Balance', () => {
		const value = values.alertWhen ?? 'below';
		if (!DIRECTIONS.includes(value as CrossingDirection)) throw new InvalidInputError(`${quoteValue(value)} is not one of "below", "above", "either"`, value);
		return value as CrossingDirection;
	});
	const { threshold, text } = parsed('Alert Threshold', () => parseThreshold(values.alertThreshold));
	const contract = parsed('Alert Token Contract', () => parseContract(values.alertContract));
	options.alert = { when, threshold, thresholdText: text, contract };
	return options;
}
