/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Emulator } from '../emulator';
import { sendHtml } from '../http/respond';
import { handleEvmForm } from './evmForm';
import { handleLive } from './live';
import { renderDashboard } from './page';
import { handlePrimaryForm, isPrimaryForm } from './primary';

/** The dashboard's routes (loopback only, checked by the server): its page, its refresh and its forms; undefined for other paths. */
export function routeDashboard(emulator: Emulator, req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> | undefined {
	const method = req.method ?? 'GET';
	if (path === '/' && method === 'GET') return Promise.resolve(sendHtml(res, 200, renderDashboard(emulator, query)));
	if (path === '/_emulator/dashboard/live' && method === 'GET') return Promise.resolve(handleLive(emulator, query, res));
	if (path === '/_emulator/dashboard/activity' && method === 'POST') return handleEvmForm(emulator, req, res);
	if (isPrimaryForm(path) && method === 'POST') return handlePrimaryForm(emulator, req, res, path);
	return undefined;
}
