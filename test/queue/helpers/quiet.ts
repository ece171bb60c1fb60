/* eslint-disable @n8n/community-nodes/require-node-api-error */
// When a workflow can get no more runs from what has happened so far, read from signals rather
// than from a pause: the service has nothing in flight or scheduled for its webhook, every request
// to its URL (at the load balancer, or posted by the test to one webhook process) has its answer,
// every running webhook process (its current start) that the trigger answered for it has had the start-up
// catch-up it sends itself (a heal, ~15 s after its first delivery) answered, and n8n has finished
// every execution it queued. A run that comes late (a repeat in a heal, a retry) is then in the list.
import type { Exchange } from '../../support/loadBalancer';
import { STARTING_UP_ANSWER } from '../../support/startingUp';
import type { QueueStack } from './deployment';

/** A heal's answer waits for the chain's head (up to 10 s), the others' writes (~15 s) and n8n (up to 30 s). */
const HEAL_AFTER_MS = 60_000;
/** A heal that failed is sent again with a request this long after it (positionRequests.ts). */
const HEAL_RETRY_MS = 30_000;

export interface QuietWatch {
	/** Posts a message to webhook process `index` directly (bypassing the load balancer), kept as an exchange. */
	postTo(index: number, path: string, body: unknown, signature?: string): Promise<{ status: number; text: string }>;
	/** Restarts webhook process `index` (stack.deployment.restartWebhookProcess), noting when its new life began. */
	restartWebhookProcess(...args: Parameters<QueueStack['deployment']['restartWebhookProcess']>): ReturnType<QueueStack['deployment']['restartWebhookProcess']>;
	/** Every exchange with this URL path: the load balancer's and the test's own posts. */
	exchanges(path: string): Exchange[];
	/**
	 * Undefined when the workflow at `path` can get no more runs; else what is still under way (a
	 * waitFor check: throw it to have it named on a timeout).
	 */
	underWay(path: string, workflowId: string): Promise<string | undefined>;
}

const ok = (exchange: Exchange) => exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300 && !exchange.answer?.includes(STARTING_UP_ANSWER);
const kind = (exchange: Exchange) => (exchange.messageId?.startsWith('heal:') ? 'heal' : exchange.messageId?.startsWith('catch-up:') ? 'catchUp' : 'other');

export function quietWatch(stack: QueueStack): QuietWatch {
	const direct: Exchange[] = [];
	const restarts: Array<{ index: number; at: number }> = [];
	/** Which life of its webhook process answered an exchange: "process.restarts before it". */
	const life = (exchange: Exchange) => `${exchange.process + 1}.${restarts.filter((restart) => restart.index === exchange.process && restart.at <= exchange.startedAt).length}`;
	const watch: QuietWatch = {
		async postTo(index, path, body, signature) {
			const exchange: Exchange = { process: index, path, startedAt: Date.now(), messageId: (body as { messageId?: string }).messageId };
			direct.push(exchange);
			try {
				const answer = await stack.post(`${stack.deployment.webhookProcesses[index].url}${path}`, body, signature);
				Object.assign(exchange, { status: answer.status, answer: answer.text.slice(0, 200) });
				return answer;
			} catch (error) {
				exchange.error = (error as Error).message;
				throw error;
			} finally {
				exchange.endedAt = Date.now();
			}
		},
		async restartWebhookProcess(index, options) {
			restarts.push({ index, at: Date.now() });
			return await stack.deployment.restartWebhookProcess(index, options);
		},
		exchanges: (path) => [...stack.deployment.loadBalancer.exchanges(), ...direct].filter((exchange) => exchange.path === path),
		async underWay(path, workflowId) {
			const all = watch.exchanges(path);
			const open = all.filter((exchange) => exchange.endedAt === undefined);
			if (open.length) return `${open.length} requests to ${path} not answered yet (${open.map((exchange) => exchange.messageId).join(', ')})`;
			const remote = (await stack.control.webhooks()).find((webhook) => webhook.url === `${stack.deployment.webhookUrl}${path}`);
			if (remote !== undefined) {
				const outstanding = await stack.control.outstanding({ webhookId: remote.id });
				if (outstanding.inFlight.length + outstanding.retries.length) return `the service has ${outstanding.inFlight.length} attempts in flight and ${outstanding.retries.length} retries scheduled`;
			}
			// Deliveries and flushes the trigger answered: each life of a process that answered one sends a heal.
			const answered = all.filter((exchange) => kind(exchange) === 'other' && ok(exchange));
			const heals = all.filter((exchange) => kind(exchange) === 'heal').map((exchange) => ({ exchange, at: Number(exchange.messageId!.split(':').pop()) }));
			// A process stopped since takes its heal with it (one it sent is an exchange above).
			const living = new Set(stack.deployment.webhookProcesses.map((_, index) => `${index + 1}.${restarts.filter((restart) => restart.index === index).length}`));
			const now = Date.now();
			const waiting = [...new Set(answered.map(life))].filter((which) => {
				if (!living.has(which)) return false;
				const own = answered.filter((exchange) => life(exchange) === which);
				// Its heal names when it was asked for: during the request that found the process's memory empty.
				const sent = heals.filter((heal) => own.some((exchange) => exchange.startedAt <= heal.at && heal.at <= exchange.endedAt!)).sort((a, b) => a.at - b.at);
				const last = sent.at(-1);
				if (last !== undefined) {
					if (ok(last.exchange)) return false;
					// A heal that failed (e.g. sent to a process that was down) is sent again by the first request HEAL_RETRY_MS after it, if one comes.
					const retry = own.find((exchange) => exchange.startedAt >= last.exchange.endedAt! + HEAL_RETRY_MS - 1000);
					return retry !== undefined && now <= retry.endedAt! + HEAL_AFTER_MS;
				}
				const first = own.reduce((earliest, exchange) => (exchange.startedAt < earliest.startedAt ? exchange : earliest));
				// A heal refused before the load balancer read its body (no messageId) failed too: sent again only with a later request.
				if (all.some((exchange) => exchange.messageId === undefined && !ok(exchange) && exchange.startedAt > first.startedAt)) return false;
				// A process that ran a catch-up before its first delivery has caught up and sends no heal.
				const caughtUp = all.filter((exchange) => kind(exchange) !== 'other' && ok(exchange) && life(exchange) === which);
				if (caughtUp.some((exchange) => exchange.endedAt! < first.startedAt)) return false;
				// One that ran while that first request was answered may or may not have come first: its heal, if any, comes within HEAL_AFTER_MS.
				return !(caughtUp.some((exchange) => exchange.endedAt! <= first.endedAt!) && now > first.endedAt! + HEAL_AFTER_MS);
			});
			if (waiting.length) return `no start-up catch-up (heal) answered 2xx, or failed with no request since to send it again, yet for webhook process ${waiting.join(', ')} (process.restarts), which answered ${path}`;
			// An execution a stopped process created but never queued stays 'new' with no job: it will not run.
			const unfinished = (await stack.executions(workflowId)).filter((summary) => summary.status === 'new' || summary.status === 'running');
			if (unfinished.length === 0) return undefined;
			const queued = new Set((await stack.redisJobs()).filter((job) => !['completed', 'failed', 'finished'].includes(job.state)).map((job) => job.executionId));
			const running = unfinished.filter((summary) => summary.status === 'running' || queued.has(summary.id));
			if (running.length) return `${running.length} executions not finished (${running.map((summary) => `${summary.id} ${summary.status}`).join(', ')})`;
			return undefined;
		},
	};
	return watch;
}
