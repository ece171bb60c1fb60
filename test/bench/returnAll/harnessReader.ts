// The action node's Return All through n8n-core's WorkflowExecute, in this process.
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { runNode } from '../../harness/runNode';
import { fingerprintOf, pagesOf, type Reader } from './round';
import { NODE_PARAMETERS } from './workflows';

export function harnessReader(credentials: AddressActivityCredentialData): Reader {
	return {
		label: 'node Return All via n8n-core (harness)',
		read: async () => {
			const startedAt = Date.now();
			const started = performance.now();
			const result = await runNode({ credentials, parameters: NODE_PARAMETERS });
			const ms = performance.now() - started;
			if (result.error) throw new Error(`harness: ${result.error.message}`);
			const entries = result.items.length;
			return { startedAt, ms, pages: pagesOf(entries), entries, fingerprint: fingerprintOf(result.items.map((item) => item.json)) };
		},
	};
}
