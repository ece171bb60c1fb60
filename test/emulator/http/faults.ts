import { randomUUID } from 'node:crypto';

export interface Fault {
	id: string;
	method?: string;
	path: string;
	remaining: number;
	status?: number;
	delayMs?: number;
	drop?: boolean;
	/** Carry the request out first, then answer with the fault (as a gateway timing out after the service acted). */
	afterHandling?: boolean;
	/** How many matching requests still pass untouched before the fault applies (e.g. the second of two creates fails). */
	skip?: number;
}

/** Injected failures: the next `count` requests whose path starts with `path` misbehave. */
export class Faults {
	private faults: Fault[] = [];

	add(fault: Omit<Fault, 'id' | 'remaining'> & { count: number }): string {
		const id = randomUUID();
		const { count, ...rest } = fault;
		this.faults.push({ ...rest, method: rest.method?.toUpperCase(), id, remaining: count });
		return id;
	}

	/** Takes one use of the first fault matching the request, if any. */
	take(method: string, path: string): Fault | undefined {
		const fault = this.faults.find(
			(candidate) =>
				candidate.remaining > 0 &&
				path.startsWith(candidate.path) &&
				(candidate.method === undefined || candidate.method === method),
		);
		if (!fault) return undefined;
		if ((fault.skip ?? 0) > 0) {
			fault.skip = (fault.skip ?? 0) - 1;
			return undefined;
		}
		fault.remaining--;
		if (fault.remaining === 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
		return fault;
	}

	list(): Fault[] {
		return this.faults;
	}

	clear(): void {
		this.faults = [];
	}
}
