/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// The first n8n install takes minutes: each step says when it starts and ends, and a step that
// runs long says so at least every heartbeat, so the install never looks stuck.
import { elapsed, installStep } from './install';

/** A step that ends only once `lines` holds `count` heartbeat lines: no wall-time assumption. */
function stepUntilHeartbeats(lines: string[], count: number): () => Promise<string> {
	return () =>
		new Promise((resolve) => {
			const check = setInterval(() => {
				if (lines.filter((line) => line.includes('still running')).length >= count) {
					clearInterval(check);
					resolve('built');
				}
			}, 5);
		});
}

describe('installStep', () => {
	it('prints the start, a heartbeat while the step runs (with its progress), and the end with the time', async () => {
		const lines: string[] = [];
		const result = await installStep('2/4 rebuild of sqlite3', stepUntilHeartbeats(lines, 2), (line) => lines.push(line), () => '12 packages so far', 20);

		expect(result).toBe('built');
		expect(lines[0]).toBe('2/4 rebuild of sqlite3: started');
		expect(lines.slice(1, 3)).toEqual([
			expect.stringMatching(/^2\/4 rebuild of sqlite3: still running after \d+ s \(12 packages so far\)$/),
			expect.stringMatching(/^2\/4 rebuild of sqlite3: still running after \d+ s \(12 packages so far\)$/),
		]);
		expect(lines[lines.length - 1]).toMatch(/^2\/4 rebuild of sqlite3: done in \d+ s$/);
	});

	it('prints no heartbeat after the step ended', async () => {
		const lines: string[] = [];
		jest.useFakeTimers();
		try {
			await installStep('quick step', async () => 'done', (line) => lines.push(line), undefined, 10);
			// The heartbeat's timer is gone: no line can come later, however long one waits.
			expect(jest.getTimerCount()).toBe(0);
			jest.advanceTimersByTime(1000);
		} finally {
			jest.useRealTimers();
		}
		expect(lines).toEqual(['quick step: started', expect.stringMatching(/^quick step: done in \d+ s$/)]);
	});

	it('says which step failed and after how long, and passes the error on', async () => {
		const lines: string[] = [];
		const failing = installStep('1/4 npm install', () => Promise.reject(new Error('npm install exited with 1')), (line) => lines.push(line));

		await expect(failing).rejects.toThrow('npm install exited with 1');
		expect(lines).toEqual(['1/4 npm install: started', expect.stringMatching(/^1\/4 npm install: failed after \d+ s$/)]);
	});
});

describe('elapsed', () => {
	it('gives seconds under a minute and minutes with seconds above', () => {
		expect(elapsed(0, 45_400)).toBe('45 s');
		expect(elapsed(0, 192_000)).toBe('3 min 12 s');
		expect(elapsed(0, 852_000)).toBe('14 min 12 s');
	});
});
