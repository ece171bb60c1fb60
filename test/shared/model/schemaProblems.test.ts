import { z } from 'zod/v4';

import { schemaProblems } from '../../../nodes/shared/model/schemaProblems';

const schema = z.object({ webhookId: z.string(), event: z.object({ value: z.string(), block: z.number() }), extra: z.array(z.string()) });

function problemsOf(value: unknown): string {
	const parsed = schema.safeParse(value);
	if (parsed.success) throw new Error('the value fitted the schema');
	return schemaProblems(parsed.error, 'delivery');
}

describe('schemaProblems', () => {
	it('names each problem by its path', () => {
		expect(problemsOf({ webhookId: 'w', event: { value: 1, block: 2 }, extra: [] })).toBe('event.value: Invalid input: expected string, received number');
	});

	it('names a problem with the value itself by the word given', () => {
		expect(problemsOf('not an object')).toBe('delivery: Invalid input: expected object, received string');
	});

	it('says the first three problems only', () => {
		const problems = problemsOf({ webhookId: 1, event: { value: 2, block: 'x' }, extra: [3] });
		expect(problems.split('; ')).toEqual([
			'webhookId: Invalid input: expected string, received number',
			'event.value: Invalid input: expected string, received number',
			'event.block: Invalid input: expected number, received string',
		]);
	});
});
