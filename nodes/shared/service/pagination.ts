import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, JsonObject } from 'n8n-workflow';

import { toNodeError } from './nodeErrors';
import { type RequestSubject } from './serviceErrors';
import { readServiceCredential, serviceRequest, type ServiceCall, type ServiceContext } from './transport';

/** The largest page the service serves on its list routes: Return All uses it to send the fewest requests. */
export const MAX_PAGE_SIZE = 100;

interface PageRequest extends ServiceCall {
	path: string;
	subject?: RequestSubject;
	/** Field of the response that holds the list: webhooks, addresses, blocks, transactions, utxos. */
	listField: string;
	qs?: IDataObject;
	/** How many entries to read at most (default: all); each page asks for no more than is still missing. */
	limit?: number;
	/** Entries per page (default and maximum MAX_PAGE_SIZE). */
	pageSize?: number;
	/** Start from this page token instead of the first page. */
	pageToken?: string;
}

export interface Page<T> {
	entries: T[];
	nextPageToken?: string;
	/** The whole answer, for fields beside the list (a list's blockHeight). */
	answer?: IDataObject;
}

/**
 * Yields a list's pages following nextPageToken, up to `limit` entries, never requesting a page it
 * does not need. A 400 after page one is about the token (valid 24 hours).
 */
export async function* servicePages<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: PageRequest,
): AsyncGenerator<Page<T>> {
	const limit = request.limit ?? Infinity;
	let read = 0;
	let pageToken = request.pageToken;
	const credential = await readServiceCredential(this, request.itemIndex);
	while (read < limit) {
		const qs: IDataObject = { ...request.qs, pageSize: Math.min(limit - read, request.pageSize ?? MAX_PAGE_SIZE) };
		if (pageToken !== undefined) qs.pageToken = pageToken;
		let page: IDataObject;
		try {
			page = await serviceRequest.call(this, {
				method: 'GET',
				path: request.path,
				subject: request.subject,
				qs,
				itemIndex: request.itemIndex,
				retry: request.retry,
				timeoutMs: request.timeoutMs,
				deadline: request.deadline,
				credential,
			});
		} catch (error) {
			if (read > 0 && error instanceof NodeApiError && error.httpCode === '400') {
				const expired = /expired/i.test(error.message);
				throw new NodeApiError(this.getNode(), (error.errorResponse ?? {}) as JsonObject, {
					message: expired
						? `The page token expired after ${read} entries of ${request.path} were read: page tokens are valid for 24 hours`
						: `The service rejected the page token after ${read} entries of ${request.path} were read: ${error.message}`,
					description: 'Run the node again: paging restarts from the first page.',
					httpCode: '400',
					itemIndex: request.itemIndex,
				});
			}
			throw toNodeError(this, error, request.itemIndex);
		}
		const list = page[request.listField];
		const entries = ((Array.isArray(list) ? list : []) as T[]).slice(0, limit - read);
		read += entries.length;
		pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken !== '' ? page.nextPageToken : undefined;
		yield { entries, nextPageToken: pageToken, answer: page };
		if (pageToken === undefined || entries.length === 0) return;
	}
}

interface ListRequest extends Omit<PageRequest, 'limit' | 'pageToken'> {
	returnAll: boolean;
	/** With returnAll off: how many entries to return at most. */
	limit?: number;
}

/** A paginated list: Return All reads every page at the largest page size; a Limit reads no more than it needs. */
export async function serviceList<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: ListRequest,
): Promise<T[]> {
	const { returnAll, limit, ...pages } = request;
	const entries: T[] = [];
	const max = returnAll ? undefined : Math.max(0, Math.floor(limit ?? 50));
	if (max === 0) return entries;
	for await (const page of servicePages.call(this, { ...pages, limit: max }) as AsyncGenerator<Page<T>>) {
		for (const entry of page.entries) entries.push(entry);
	}
	return entries;
}

/** One page of a list, for resource-locator searches that page on demand. */
export async function servicePage<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: Pick<PageRequest, 'path' | 'subject' | 'listField' | 'qs' | 'pageSize' | 'pageToken'> & ServiceCall,
): Promise<Page<T>> {
	const pages = servicePages.call(this, { ...request, limit: request.pageSize ?? MAX_PAGE_SIZE }) as AsyncGenerator<Page<T>>;
	const first = await pages.next();
	await pages.return(undefined);
	return first.done ? { entries: [] } : first.value;
}
