/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Servers started for tests and benchmarks run in their own process groups, so a Ctrl-C in the
// terminal, a jest worker killed on timeout or a SIGKILL of the test process would leave them
// running. A reaper is a tiny shell that waits for this process to end and then kills the group
// and removes the server's temporary folder; a normal stop() dismisses it first.
import { spawn } from 'child_process';

export interface Reaper {
	dismiss(): void;
}

/** Kills `processGroup` (if given) and removes `removeFolder` (if given) once this process is gone. */
export function reapWithThisProcess(processGroup: number | undefined, removeFolder?: string): Reaper {
	const script = [
		`while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
		processGroup ? `kill -KILL -${processGroup} 2>/dev/null` : 'true',
		removeFolder ? 'rm -rf "$1"' : 'true',
	].join('; ');
	const reaper = spawn('sh', ['-c', script, 'reaper', removeFolder ?? ''], { detached: true, stdio: 'ignore' });
	reaper.unref();
	return {
		dismiss() {
			try {
				if (reaper.pid) process.kill(reaper.pid, 'SIGKILL');
			} catch {
				// already gone
			}
		},
	};
}
