import type { z } from 'zod/v4';

/** What zod found wrong, briefly: the first three problems as `path: message`, the value itself named `whole`. */
export function schemaProblems(error: z.ZodError, whole: string): string {
	return error.issues
		.slice(0, 3)
		.map((issue) => `${issue.path.join('.') || whole}: ${issue.message}`)
		.join('; ');
}
