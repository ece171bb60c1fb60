export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	/** null when a fault dropped the connection */
	statusCode: number | null;
	/** emulator clock, ms since the epoch */
	at: number;
	/** the parsed JSON body, when the request had one */
	body?: unknown;
	/** bytes of the answer's body */
	responseBytes?: number;
}

const MAX_ENTRIES = 100_000;

/** Every /v1 request the emulator saw (never the key), for tests to assert what a node sent. */
export class RequestLog {
	private entries: LoggedRequest[] = [];

	private seq = 0;

	start(method: string, path: string, query: URLSearchParams, at: number): LoggedRequest {
		const entry: LoggedRequest = {
			seq: ++this.seq,
			method,
			path,
			query: Object.fromEntries(query.entries()),
			statusCode: null,
			at,
		};
		this.entries.push(entry);
		if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
		return entry;
	}

	list(): LoggedRequest[] {
		return this.entries;
	}

	clear(): void {
		this.entries = [];
	}
}
