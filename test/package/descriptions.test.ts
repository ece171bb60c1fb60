/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The node and credential descriptions users' workflows depend on (every parameter, option,
// default and display rule) are the ones stored in descriptions.json: a change to any of them is a
// change of this file, made on purpose with `npm run build && npm run describe:nodes -- --write`.
import * as fs from 'fs';
import * as path from 'path';

import { describePackage } from '../support/descriptions';

describe('the node and credential descriptions', () => {
	it('are the ones stored in test/package/descriptions.json', () => {
		const stored = fs.readFileSync(path.join(__dirname, 'descriptions.json'), 'utf8');
		expect(describePackage('source')).toBe(stored);
	});
});
