/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The output samples of README.md and docs/trigger.md are what the trigger puts out: the example
// trigger is run through the emulator (test/support/outputSamples.ts) and its item, with the run's
// own hash, block, time and IDs fixed, must equal each doc's sample. `npm run docs:samples` writes it.
import * as fs from 'fs';
import * as path from 'path';
import type { IDataObject } from 'n8n-workflow';

import { REPO_ROOT } from '../support/descriptions';
import { markedBlock, SAMPLE_FILES, SAMPLE_MARK, sampleBlock, transferSample } from '../support/outputSamples';

let item: IDataObject;

beforeAll(async () => {
	item = await transferSample();
});

it('is the item the example trigger puts out, addresses as typed in the example', () => {
	expect(item).toMatchObject({ direction: 'in', amount: '2.5', symbol: 'USDC', monitoredAddress: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' });
	expect(item).not.toHaveProperty('testEvent');
});

it.each(SAMPLE_FILES)('%s shows that item (npm run docs:samples writes it)', (file) => {
	const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
	expect(markedBlock(text)).toBe(`${SAMPLE_MARK}\n\n${sampleBlock(item)}`);
});
