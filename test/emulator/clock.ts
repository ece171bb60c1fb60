/**
 * The emulator's clock: real time plus an offset that `POST /_emulator/clock` moves forward,
 * so tests can expire page tokens and bring retries due without waiting.
 */
export class Clock {
	private offsetMs = 0;

	private readonly listeners = new Set<() => void>();

	now(): number {
		return Date.now() + this.offsetMs;
	}

	advance(ms: number): number {
		this.offsetMs += ms;
		for (const listener of this.listeners) listener();
		return this.now();
	}

	onAdvance(listener: () => void): void {
		this.listeners.add(listener);
	}
}
