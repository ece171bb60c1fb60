import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import {
	networkOfPChainAddress,
	oneOf,
	parseAvaxThreshold,
	parsePChainAddresses,
	parseSubEvents,
	parseValidatorKey,
	parseValidatorKeys,
	withValue,
} from '../../../nodes/shared/parameters/parameterChecks';

// Published vectors (avalanchego, Avalanche addresses), not values the product made.
const MAINNET = 'P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m';
const MAINNET_2 = 'P-avax15aeuzqj7pst2r2npmewarfme62rw8y4w2yz4n3';
const FUJI = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
const NODE_ID = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz';
const NODE_ID_2 = 'NodeID-3BuDc2d1Efme5Apba6SJ8w3Tz7qeh6mHt';
const SUBNET_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

function refusal(parse: () => unknown): InvalidInputError {
	try {
		parse();
	} catch (error) {
		return error as InvalidInputError;
	}
	throw new Error('the value was accepted');
}

describe('oneOf', () => {
	const network = oneOf(['mainnet', 'fuji'] as const);

	it('takes one of the values offered, also from an expression with spaces', () => {
		expect(network('fuji')).toBe('fuji');
		expect(network(' mainnet ')).toBe('mainnet');
	});

	it('refuses anything else, naming the value and the choices', () => {
		const error = refusal(() => network('Fuji'));
		expect(error.message).toBe('"Fuji" is not one of "mainnet", "fuji"');
		expect(error.value).toBe('Fuji');
		expect(refusal(() => network(3)).message).toBe('"3" is not one of "mainnet", "fuji"');
	});
});

describe('withValue', () => {
	it('puts the value in front of what a check says it is not', () => {
		const check = withValue((value) => {
			if (value !== 'ok') throw new Error('is not ok');
			return value;
		});
		expect(check('ok')).toBe('ok');
		const error = refusal(() => check('no'));
		expect(error.message).toBe('"no" is not ok');
		expect(error.value).toBe('no');
	});
});

describe('networkOfPChainAddress', () => {
	it('tells the network from the address\'s prefix; none for a local one', () => {
		expect(networkOfPChainAddress(MAINNET)).toBe('mainnet');
		expect(networkOfPChainAddress(FUJI)).toBe('fuji');
		expect(networkOfPChainAddress('P-local1abc')).toBeUndefined();
	});
});

describe('parsePChainAddresses', () => {
	const mainnet = parsePChainAddresses('mainnet');

	it('reads a list as text or array, each once, as the service lists them', () => {
		expect(mainnet(`${MAINNET}, ${MAINNET_2}\n${MAINNET.toUpperCase()}`)).toEqual([MAINNET, MAINNET_2]);
		expect(mainnet([MAINNET, [MAINNET_2]])).toEqual([MAINNET, MAINNET_2]);
	});

	it('names every bad entry at once: malformed ones and ones of the other network', () => {
		const error = refusal(() => mainnet(`${MAINNET} ${FUJI} P-avax1nope ${MAINNET_2}`));
		expect(error.message).toBe(
			'2 of 4 are refused: #2 "P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t" is not a mainnet address (mainnet P-Chain addresses start with P-avax1); #3 "P-avax1nope" is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji)',
		);
		expect(refusal(() => parsePChainAddresses('fuji')(MAINNET)).message).toBe(
			`"${MAINNET}" is not a fuji address (fuji P-Chain addresses start with P-fuji1)`,
		);
	});

	it('refuses an empty list and a value that is no text', () => {
		expect(refusal(() => mainnet(' , ')).message).toBe('no address given (a webhook watches at least one)');
		expect(refusal(() => mainnet(7)).message).toBe('"7" is not a P-Chain address or a list of them (expected text or an array of text)');
	});
});

describe('parseValidatorKey', () => {
	it('takes exactly one node ID or subnet ID', () => {
		expect(parseValidatorKey('nodeId')(` ${NODE_ID} `)).toBe(NODE_ID);
		expect(parseValidatorKey('subnetId')([SUBNET_ID])).toBe(SUBNET_ID);
		expect(parseValidatorKey('nodeId')(`${NODE_ID}, ${NODE_ID}`)).toBe(NODE_ID);
	});

	it('refuses none, more than one (one webhook per key) and a malformed key', () => {
		expect(refusal(() => parseValidatorKey('nodeId')('')).message).toBe('no node ID given');
		expect(refusal(() => parseValidatorKey('nodeId')([NODE_ID, NODE_ID_2])).message).toBe(
			`"${JSON.stringify([NODE_ID, NODE_ID_2]).slice(0, 77)}..." holds 2 keys, but a validator webhook watches exactly one node ID (one webhook per key)`,
		);
		expect(refusal(() => parseValidatorKey('subnetId')('a b c')).message).toBe(
			'"a b c" holds 3 keys, but a validator webhook watches exactly one subnet ID (one webhook per key)',
		);
		expect(refusal(() => parseValidatorKey('subnetId')(NODE_ID)).message).toBe(`"${NODE_ID}" is not a subnet ID (49 or 50 letters and digits, cb58)`);
	});
});

describe('parseValidatorKeys', () => {
	it('reads an optional filter: none is an empty list, duplicates dropped', () => {
		expect(parseValidatorKeys('nodeId')('')).toEqual([]);
		expect(parseValidatorKeys('nodeId')(undefined)).toEqual([]);
		expect(parseValidatorKeys('nodeId')(`${NODE_ID}\n${NODE_ID_2} ${NODE_ID}`)).toEqual([NODE_ID, NODE_ID_2]);
	});

	it('names every malformed key at once', () => {
		expect(refusal(() => parseValidatorKeys('subnetId')(`${SUBNET_ID} my-l1 ${NODE_ID}`)).message).toBe(
			`2 of 3 are not subnet IDs (49 or 50 letters and digits, cb58): #2 "my-l1", #3 "${NODE_ID}"`,
		);
	});
});

describe('parseSubEvents', () => {
	const subEvents = parseSubEvents(['balance_change', 'reward_distribution'] as const);

	it('takes the multi-select\'s array or text with commas, each once', () => {
		expect(subEvents(['reward_distribution', 'balance_change', 'reward_distribution'])).toEqual(['reward_distribution', 'balance_change']);
		expect(subEvents('balance_change, reward_distribution')).toEqual(['balance_change', 'reward_distribution']);
	});

	it('refuses none and names every unknown one', () => {
		expect(refusal(() => subEvents([])).message).toBe('no sub-event chosen (choose at least one)');
		expect(refusal(() => subEvents('balance_change staking')).message).toBe('1 of 2 is not one of "balance_change", "reward_distribution": #2 "staking"');
	});
});

describe('parseAvaxThreshold', () => {
	const threshold = parseAvaxThreshold('the Balance Threshold sub-event needs the amount to watch for');

	it('gives AVAX as nAVAX, from text or a number field', () => {
		expect(threshold('25000')).toBe('25000000000000');
		expect(threshold(0.5)).toBe('500000000');
	});

	it('refuses an empty threshold saying why it is needed, and a bad amount naming it', () => {
		for (const empty of ['', '  ', undefined, null]) {
			expect(refusal(() => threshold(empty)).message).toBe('no threshold given: the Balance Threshold sub-event needs the amount to watch for');
		}
		expect(refusal(() => threshold('-3')).message).toBe('"-3" is not an amount of AVAX (a number such as 25 or 0.5)');
		expect(refusal(() => threshold('0.0000000001')).message).toBe('"0.0000000001" has more than 9 decimals (1 nAVAX = 0.000000001 AVAX)');
	});
});
