/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// n8n in queue mode on one machine, as operators run it at scale: a private Postgres and Redis,
// the main process (editor, REST API, activation; no production webhooks), `n8n webhook`
// processes behind a load balancer, and `n8n worker` processes. Every process shares one user
// folder (with the community package) and one encryption key. Everything listens on 127.0.0.1.
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import type { N8nInstall } from './install';
import { startLoadBalancer, type LoadBalancer } from './loadBalancer';
import { spawnN8n, waitUntilReady, type N8nProcess } from './n8n';
import { freePort } from './ports';
import { startPostgres, type PostgresInstall, type RunningPostgres } from './postgres';
import { startRedis, type RunningRedis } from './redis';

export interface QueueDeploymentOptions {
	install: N8nInstall;
	postgres: PostgresInstall;
	/** N8N_USER_FOLDER of every process; the community package must already be installed there. */
	userFolder: string;
	/** `n8n webhook` processes behind the load balancer (default 2). */
	webhookProcesses?: number;
	/** `n8n worker` processes (default 1). */
	workers?: number;
	/** Jobs a worker runs at once (n8n's default 10). */
	workerConcurrency?: number;
	/** Extra environment for every process (e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE). */
	env?: Record<string, string>;
	/**
	 * Extra environment for the webhook processes only: the tests log at debug level there, so that
	 * each request, the trigger's answer (with its messageId) and the execution it started are in
	 * the process's log with their time.
	 */
	webhookEnv?: Record<string, string>;
	/** Folder for one log file per server (default: the user folder). */
	logDir?: string;
	log?: (line: string) => void;
}

export interface QueueDeployment {
	postgres: RunningPostgres;
	redis: RunningRedis;
	main: N8nProcess;
	webhookProcesses: N8nProcess[];
	workers: N8nProcess[];
	loadBalancer: LoadBalancer;
	/** The editor and REST API (main process). */
	url: string;
	/** N8N_WEBHOOK_URL of every process: the load balancer. */
	webhookUrl: string;
	userFolder: string;
	/** The log file of a process, e.g. `worker-1.log`. */
	logFile(name: string): string;
	/** Stops worker `index` (SIGTERM: n8n's graceful shutdown; `crash`: SIGKILL) and starts a new one in its place. */
	restartWorker(index: number, options?: { crash?: boolean; whileDown?: () => Promise<void> }): Promise<N8nProcess>;
	/**
	 * Stops webhook process `index` (SIGTERM: n8n's graceful shutdown; `crash`: SIGKILL) and starts it
	 * again with the same settings on the same port: its memory is gone. `whileStarting` runs while
	 * it starts (given its URL); the restart ends when it is ready and that is done.
	 */
	restartWebhookProcess(
		index: number,
		options?: { crash?: boolean; whileDown?: () => Promise<void>; whileStarting?: (url: string) => Promise<void> },
	): Promise<N8nProcess>;
	stop(): Promise<void>;
}

/**
 * The settings every process of the deployment shares. What docs/running-at-scale.md tells
 * operators to set comes from here.
 */
export function queueEnvironment(options: { postgres: RunningPostgres; redis: RunningRedis; encryptionKey: string; mainUrl: string; webhookUrl: string }): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: options.redis.host,
		QUEUE_BULL_REDIS_PORT: String(options.redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: options.postgres.host,
		DB_POSTGRESDB_PORT: String(options.postgres.port),
		DB_POSTGRESDB_DATABASE: options.postgres.database,
		DB_POSTGRESDB_USER: options.postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		// Credentials are encrypted by main and decrypted by webhook processes and workers.
		N8N_ENCRYPTION_KEY: options.encryptionKey,
		// Webhook URLs that n8n hands to the service (and shows in the editor) point at the load balancer.
		N8N_WEBHOOK_URL: `${options.webhookUrl}/`,
		WEBHOOK_URL: `${options.webhookUrl}/`,
		N8N_EDITOR_BASE_URL: `${options.mainUrl}/`,
		// Manual runs ("Execute workflow", test events) run on workers too, as they will in n8n 3.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
	};
}

export async function startQueueDeployment(options: QueueDeploymentOptions): Promise<QueueDeployment> {
	const log = options.log ?? (() => undefined);
	const logDir = options.logDir ?? options.userFolder;
	fs.mkdirSync(logDir, { recursive: true });
	const logFile = (name: string) => path.join(logDir, name);
	const started: Array<{ stop(): Promise<void> }> = [];
	const stopAll = async () => {
		// Workers and webhook processes before main, the stores last.
		for (const server of started.splice(0).reverse()) {
			await server.stop().catch((error: Error) => log(`stopping a server failed: ${error.message}`));
		}
	};

	try {
		const [postgres, redis] = await Promise.all([
			startPostgres({ install: options.postgres, log, logFile: logFile('postgres.log') }),
			startRedis({ log, logFile: logFile('redis.log') }),
		]);
		started.push(postgres, redis);

		const mainPort = await freePort();
		const webhookPorts: number[] = [];
		for (let i = 0; i < (options.webhookProcesses ?? 2); i++) webhookPorts.push(await freePort());
		const mainUrl = `http://127.0.0.1:${mainPort}`;
		const loadBalancer = await startLoadBalancer({ main: mainUrl, webhooks: webhookPorts.map((port) => `http://127.0.0.1:${port}`) });
		started.push({ stop: () => loadBalancer.close() });
		const shared = {
			...queueEnvironment({ postgres, redis, encryptionKey: randomBytes(24).toString('hex'), mainUrl, webhookUrl: loadBalancer.url }),
			...options.env,
		};
		const common = { install: options.install, userFolder: options.userFolder, reap: true };

		// Main first: it runs the database migrations the other processes expect.
		const main = await spawnN8n('start', {
			...common,
			port: mainPort,
			logFile: logFile('main.log'),
			// Production webhooks are the webhook processes' job.
			env: { ...shared, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
		});
		started.push(main);
		await waitUntilReady(main, `${mainUrl}/healthz/readiness`, { also: async () => (await fetch(`${mainUrl}/rest/settings`)).ok });
		log(`n8n main ready on ${mainUrl}`);

		const startWorker = async (name: string) => {
			const healthPort = await freePort();
			const worker = await spawnN8n('worker', {
				...common,
				logFile: logFile(`${name}.log`),
				args: [`--concurrency=${options.workerConcurrency ?? 10}`],
				env: { ...shared, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' },
			});
			started.push(worker);
			await waitUntilReady(worker, `http://127.0.0.1:${healthPort}/healthz/readiness`);
			return worker;
		};
		const startWebhookProcess = async (port: number, name: string, whileStarting?: (url: string) => Promise<void>) => {
			const webhook = await spawnN8n('webhook', { ...common, port, logFile: logFile(`${name}.log`), env: { ...shared, ...options.webhookEnv } });
			started.push(webhook);
			await Promise.all([waitUntilReady(webhook, `${webhook.url}/healthz/readiness`), whileStarting?.(webhook.url)]);
			return webhook;
		};
		const webhookProcesses = await Promise.all(webhookPorts.map(async (port, index) => await startWebhookProcess(port, `webhook-${index + 1}`)));
		const workers = await Promise.all(Array.from({ length: options.workers ?? 1 }, (_, index) => startWorker(`worker-${index + 1}`)));
		log(`n8n queue mode ready: ${webhookProcesses.length} webhook processes behind ${loadBalancer.url}, ${workers.length} worker(s)`);

		let restarts = 0;
		const deployment: QueueDeployment = {
			postgres,
			redis,
			main,
			webhookProcesses,
			workers,
			loadBalancer,
			url: mainUrl,
			webhookUrl: loadBalancer.url,
			userFolder: options.userFolder,
			logFile,
			async restartWorker(index, restart = {}) {
				const worker = deployment.workers[index];
				if (restart.crash) await worker.kill();
				else await worker.stop();
				started.splice(started.indexOf(worker), 1);
				await restart.whileDown?.();
				deployment.workers[index] = await startWorker(`worker-${index + 1}-restart-${++restarts}`);
				return deployment.workers[index];
			},
			async restartWebhookProcess(index, restart = {}) {
				const webhook = deployment.webhookProcesses[index];
				if (restart.crash) await webhook.kill();
				else await webhook.stop();
				started.splice(started.indexOf(webhook), 1);
				await restart.whileDown?.();
				deployment.webhookProcesses[index] = await startWebhookProcess(webhook.port, `webhook-${index + 1}-restart-${++restarts}`, restart.whileStarting);
				return deployment.webhookProcesses[index];
			},
			stop: stopAll,
		};
		return deployment;
	} catch (error) {
		await stopAll();
		throw error;
	}
}
