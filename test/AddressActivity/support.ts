/** The set-up the action node's operation tests share. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { AddressActivityCredentialData } from '../harness/credentials';
import type { SeenRequest } from '../harness/emulatorControl';
import { useTestService, type TestService } from '../harness/fixtures';
import { runNode, type RunNodeResult } from '../harness/runNode';

export interface OperationRunner {
	readonly service: TestService;
	/** Runs the Address Activity node once with `parameters` on one item, with the file's account; its items' JSON (it must not fail). */
	run(parameters: Record<string, unknown>): Promise<IDataObject[]>;
	/** Runs the Address Activity node once with `parameters` on one item, with the file's account; what came out, an error included. */
	attempt(parameters: Record<string, unknown>): Promise<RunNodeResult>;
	/** The last request the emulator saw. */
	lastRequest(): Promise<SeenRequest>;
}

/** An emulator for the file (started before all, stopped after all) and an account of the file's own, made before all. */
export function useOperationRunner(): OperationRunner {
	const service = useTestService();
	let credentials: AddressActivityCredentialData | undefined;
	beforeAll(async () => {
		credentials = await service.newAccount();
	});
	const runner: OperationRunner = {
		service,
		attempt: async (parameters) => {
			if (credentials === undefined) throw new Error('the account is made in beforeAll');
			return await runNode({ credentials, parameters: parameters as INodeParameters });
		},
		run: async (parameters) => {
			const result = await runner.attempt(parameters);
			expect(result.error).toBeUndefined();
			return result.items.map((item) => item.json);
		},
		lastRequest: async () => {
			const requests = await service.control.requests();
			return requests[requests.length - 1];
		},
	};
	return runner;
}
