/* eslint-disable @typescript-eslint/no-require-imports, @n8n/community-nodes/no-restricted-imports */
// n8n's HTTP client without n8n: the axios real n8n ships, given a new http.Agent (no keep-alive)
// for every request as @n8n/backend-network's setAxiosAgents does. Next to the node:http loop with
// a new connection each, it shows what axios itself adds per request.
import * as http from 'node:http';
import * as path from 'node:path';

import type { AddressActivityCredentialData } from '../../harness/credentials';
import type { N8nInstall } from '../../support/install';
import { loopReader, type Page } from './bareReaders';
import type { Reader } from './round';

type Axios = (config: Record<string, unknown>) => Promise<{ status: number; data: unknown }>;

export function axiosReader(install: N8nInstall, credentials: AddressActivityCredentialData): Reader {
	const axios = require(path.join(install.nodeModules, 'axios')) as Axios & { default?: Axios };
	const request = axios.default ?? axios;
	const version = (require(path.join(install.nodeModules, 'axios', 'package.json')) as { version: string }).version;
	return loopReader(
		`bare loop, n8n's axios ${version}, new agent each`,
		async (url, apiKey) => {
			const response = await request({ url, headers: { 'x-service-api-key': apiKey }, httpAgent: new http.Agent(), proxy: false });
			if (response.status !== 200) throw new Error(`axios loop: ${response.status}`);
			return response.data as Page;
		},
		credentials,
	);
}
