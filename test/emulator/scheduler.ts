/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import type { Clock } from './clock';

interface Task {
	dueAt: number;
	run: () => void;
	timer?: NodeJS.Timeout;
}

/**
 * Runs callbacks at instants of the emulator clock. Advancing the clock re-arms every timer,
 * so a retry that became due fires at once. Timers are unref'd and `cancelAll` (on close)
 * clears them, so pending retries never keep a process alive.
 */
export class Scheduler {
	private readonly tasks = new Map<number, Task>();

	private nextId = 1;

	private closed = false;

	constructor(private readonly clock: Clock) {
		clock.onAdvance(() => {
			for (const id of this.tasks.keys()) this.arm(id);
		});
	}

	schedule(dueAt: number, run: () => void): number {
		const id = this.nextId++;
		if (this.closed) return id;
		this.tasks.set(id, { dueAt, run });
		this.arm(id);
		return id;
	}

	cancel(id: number): void {
		const task = this.tasks.get(id);
		if (!task) return;
		clearTimeout(task.timer);
		this.tasks.delete(id);
	}

	cancelAll(): void {
		this.closed = true;
		for (const id of [...this.tasks.keys()]) this.cancel(id);
	}

	get size(): number {
		return this.tasks.size;
	}

	private arm(id: number): void {
		const task = this.tasks.get(id);
		if (!task) return;
		clearTimeout(task.timer);
		const delay = Math.max(0, task.dueAt - this.clock.now());
		task.timer = setTimeout(() => {
			// libuv measures from its cached loop time, so a timer can fire a little early:
			// never run a task before its instant on the emulator clock
			if (this.clock.now() < task.dueAt) return this.arm(id);
			this.tasks.delete(id);
			task.run();
		}, delay);
		task.timer.unref();
	}
}
