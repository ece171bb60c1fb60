/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console */
/**
 * `npm run bench:n8n`: deliveries per second and p50/p99 latency of the trigger against n8n's own
 * Webhook node (static parameters, n8n's fastest path; with one expression; with Header Auth), in
 * the same n8n, single instance and queue mode. All get the same signed deliveries, taking turns in rounds.
 *
 *   npm run bench:n8n -- [--deliveries 200] [--seconds 60] [--concurrency 1,8] [--modes single,queue]
 *                        [--variants default,lazy] [--trigger-versions 1,2] [--baseline <tarball>]
 *
 * Variants: `default` = n8n's defaults; `lazy` = N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true.
 * `--baseline`: an earlier build of the package (`npm pack` of it), benched in the same run in its
 * own n8n, before the current build: the table shows both, each against its own Webhook node.
 * In queue mode the table also gives the static-data writes (UPDATEs of a workflow's static data,
 * counted by a Postgres trigger) per 1,000 deliveries.
 */
import { randomBytes, randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { triggerWorkflow } from '../test/e2e/helpers/workflows';
import { signMessage } from '../test/emulator/delivery/signing';
import { startEmulator, type RunningEmulator } from '../test/emulator';
import { EmulatorControl } from '../test/harness/emulatorControl';
import { CREDENTIAL_TYPE, TRIGGER_NODE_TYPE } from '../test/harness/names';
import { waitFor } from '../test/harness/wait';
import { runLoad, summarise, type CellResult, type PreparedRequest, type Round } from '../test/support/benchLoad';
import { currentBuildTarball } from '../test/support/currentBuild';
import { ensureN8n, type N8nInstall } from '../test/support/install';
import { startN8n } from '../test/support/n8n';
import { N8nClient, type Workflow, type WorkflowInput } from '../test/support/n8nClient';
import { installIntoUserFolder, removePacked } from '../test/support/package';
import { ensurePostgres, type PostgresInstall } from '../test/support/postgres';
import { startQueueDeployment } from '../test/support/queue';

type Mode = 'single' | 'queue';
const VARIANTS: Record<string, Record<string, string>> = {
	default: {},
	lazy: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
};
const KEY = `bench-${randomUUID()}`;
const CHAIN = '43114';
const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const COUNTERPARTY = '0x28c6c06298d514db089934071355e5743bf21d60';
const USDC = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const WARM_UP = 20;
const ROUNDS = 4;

interface Options {
	deliveries: number;
	seconds: number;
	concurrency: number[];
	modes: Mode[];
	variants: string[];
	triggerVersions?: number[];
	baseline?: string;
}

function parseOptions(argv: string[]): Options {
	const options: Options = { deliveries: 200, seconds: 60, concurrency: [1, 8], modes: ['single', 'queue'], variants: ['default', 'lazy'] };
	for (let index = 0; index < argv.length; index += 2) {
		const [flag, value] = [argv[index], argv[index + 1] ?? ''];
		const list = value.split(',').filter(Boolean);
		if (flag === '--deliveries') options.deliveries = Number(value);
		else if (flag === '--seconds') options.seconds = Number(value);
		else if (flag === '--concurrency') options.concurrency = list.map(Number);
		else if (flag === '--modes') options.modes = list as Mode[];
		else if (flag === '--variants') options.variants = list;
		else if (flag === '--trigger-versions') options.triggerVersions = list.map(Number);
		else if (flag === '--baseline') options.baseline = path.resolve(value);
		else throw new Error(`unknown option ${flag} (see the comment at the top of scripts/bench-n8n.ts)`);
	}
	const bad =
		(!(options.deliveries > 0) && `--deliveries ${options.deliveries}`) ||
		(!(options.seconds > 0) && `--seconds ${options.seconds}`) ||
		options.concurrency.find((value) => !(value > 0)) ||
		options.modes.find((mode) => mode !== 'single' && mode !== 'queue') ||
		options.variants.find((variant) => !(variant in VARIANTS));
	if (bad) throw new Error(`invalid option value: ${bad}`);
	return options;
}

/** One n8n under test: where its editor/API and its production webhooks are, and how to stop it. */
interface Target {
	apiUrl: string;
	webhookBase: string;
	/** The processes that receive production webhooks (their /metrics). */
	receivers: string[];
	logDir: string;
	/** Queue mode: static-data writes per workflow so far (a Postgres trigger counts them). */
	staticDataWrites?: (workflowId: string) => Promise<number>;
	stop(): Promise<void>;
}

/** Counts every UPDATE of a workflow's static data, per workflow, in n8n's Postgres. */
async function countStaticDataWrites(install: N8nInstall, postgres: { host: string; port: number; user: string; database: string }): Promise<(workflowId: string) => Promise<number>> {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const pg = require(path.join(install.nodeModules, 'pg')) as {
		Client: new (config: object) => { connect(): Promise<void>; query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>; end(): Promise<void> };
	};
	const run = async (text: string, values?: unknown[]) => {
		const db = new pg.Client(postgres);
		await db.connect();
		try {
			return (await db.query(text, values)).rows;
		} finally {
			await db.end();
		}
	};
	await run(`CREATE TABLE IF NOT EXISTS bench_static_data_writes (workflow_id text, at timestamptz DEFAULT now());
		CREATE OR REPLACE FUNCTION bench_count_static_data_write() RETURNS trigger AS $$ BEGIN
			INSERT INTO bench_static_data_writes (workflow_id) VALUES (NEW.id); RETURN NEW; END $$ LANGUAGE plpgsql;
		DROP TRIGGER IF EXISTS bench_static_data_writes ON workflow_entity;
		CREATE TRIGGER bench_static_data_writes AFTER UPDATE OF "staticData" ON workflow_entity FOR EACH ROW EXECUTE FUNCTION bench_count_static_data_write();`);
	return async (workflowId) => Number((await run('SELECT count(*) AS n FROM bench_static_data_writes WHERE workflow_id = $1', [workflowId]))[0].n);
}

/** n8n's own counters as its /metrics endpoint exports them with N8N_METRICS=true. */
interface Counters {
	/** Expression isolates taken. */
	isolates: number;
	/** CPU seconds used (user + system): the cost of a delivery, less sensitive than throughput to load from elsewhere. */
	cpuSeconds: number;
}

/** The counters so far, summed over the receiving processes. */
async function countersOf(receivers: string[]): Promise<Counters> {
	const total: Counters = { isolates: 0, cpuSeconds: 0 };
	for (const url of receivers) {
		const lines = (await (await fetch(`${url}/metrics`)).text()).split('\n');
		const value = (name: string) => Number(lines.find((line) => new RegExp(`^${name}(\\{[^}]*\\})? `).test(line))?.split(' ').pop() ?? 0);
		total.isolates += value('n8n_expression_pool_acquired_total');
		total.cpuSeconds += value('n8n_process_cpu_seconds_total') || value('process_cpu_seconds_total');
	}
	return total;
}

async function startTarget(mode: Mode, env: Record<string, string>, install: N8nInstall, postgres: PostgresInstall | undefined, tarball: string): Promise<Target> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `aa-bench-${mode}-`));
	installIntoUserFolder(tarball, userFolder);
	const remove = () => fs.rmSync(userFolder, { recursive: true, force: true });
	// The same for both nodes: exports n8n's counters (see countersOf).
	const withMetrics = { N8N_METRICS: 'true', ...env };
	try {
		if (mode === 'single') {
			const n8n = await startN8n({ install, userFolder, logFile: path.join(userFolder, 'n8n.log'), env: withMetrics });
			return { apiUrl: n8n.url, webhookBase: n8n.url, receivers: [n8n.url], logDir: userFolder, stop: async () => (await n8n.stop(), remove()) };
		}
		const deployment = await startQueueDeployment({ install, postgres: postgres!, userFolder, env: withMetrics });
		return {
			apiUrl: deployment.url,
			webhookBase: deployment.webhookUrl,
			receivers: deployment.webhookProcesses.map((process) => process.url),
			logDir: userFolder,
			staticDataWrites: await countStaticDataWrites(install, deployment.postgres),
			stop: async () => (await deployment.stop(), remove()),
		};
	} catch (error) {
		remove();
		throw error;
	}
}

/**
 * The ways the Webhook node runs here: static parameters (n8n's fastest path, the baseline), one
 * expression (its response body), and Header Auth (static, with a credential: n8n's own way to
 * accept only a known caller).
 */
type WebhookKind = 'static' | 'expression' | 'headerAuth';
const WEBHOOK_NODE: Record<WebhookKind, string> = {
	static: 'Webhook (static)',
	expression: 'Webhook (expression)',
	headerAuth: 'Webhook (Header Auth)',
};
const STATIC_WEBHOOK = WEBHOOK_NODE.static;
const EXPRESSION_WEBHOOK = WEBHOOK_NODE.expression;
const AUTH_HEADER = 'x-bench-token';

/** n8n's Webhook node answering on receipt, then No Operation. */
function webhookNodeWorkflow(webhookPath: string, kind: WebhookKind, credential: { id: string; name: string }): WorkflowInput {
	const options = kind === 'expression' ? { responseData: '={{ JSON.stringify({ received: true }) }}' } : {};
	const auth = kind === 'headerAuth' ? { authentication: 'headerAuth' } : {};
	return {
		name: `Bench: n8n ${WEBHOOK_NODE[kind]} node`,
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: webhookPath,
				parameters: { httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', ...auth, options },
				...(kind === 'headerAuth' ? { credentials: { httpHeaderAuth: credential } } : {}),
			},
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { Webhook: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Executions of the workflow that have not finished yet. */
async function unfinished(client: N8nClient, workflowId: string): Promise<number> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, status: ['new', 'running'] }));
	const page = await client.request<{ count: number; results: unknown[] }>('GET', `/rest/executions?filter=${filter}&limit=1`);
	return page.count ?? page.results.length;
}

/** Waits until every run the cell started has finished; returns how long that took after the last answer. */
async function drain(client: N8nClient, workflowId: string): Promise<number> {
	const started = Date.now();
	await waitFor('the runs to finish', async () => (await unfinished(client, workflowId)) === 0, 300_000, 200);
	return (Date.now() - started) / 1000;
}

interface Row {
	/** Which build of the package: the current one, or the --baseline tarball. */
	build: string;
	variant: string;
	mode: Mode;
	concurrency: number;
	node: string;
	result: CellResult;
	drainSeconds: number;
	isolates: number;
	cpuMsPerDelivery: number;
	/** Queue mode: UPDATEs of the workflow's static data per 1,000 deliveries; undefined elsewhere. */
	writesPer1000?: number;
}

/**
 * Copies of a delivered body, each with its own messageId, transaction hash (as the service's
 * deliveries have: the trigger leaves out a transaction it recorded as run) and signature (and the
 * node's own headers).
 */
function prepare(template: Record<string, unknown>, secret: string, count: number, headers: Record<string, string> = {}): PreparedRequest[] {
	return Array.from({ length: count }, () => {
		const event = template.event as { transaction?: Record<string, unknown> } | undefined;
		const transaction = event?.transaction === undefined ? undefined : { ...event.transaction, txHash: `0x${randomBytes(32).toString('hex')}` };
		const body = { ...template, messageId: randomUUID(), ...(transaction === undefined ? {} : { event: { ...event, transaction } }) };
		return { body: JSON.stringify(body), headers: { 'x-signature': signMessage(body, secret), ...headers } };
	});
}

async function benchTarget(
	build: string,
	mode: Mode,
	variant: string,
	target: Target,
	emulator: RunningEmulator,
	options: Options,
	log: (line: string) => void,
): Promise<Row[]> {
	const client = new N8nClient(target.apiUrl);
	await client.setupOwner();
	const { id, name } = await client.createCredential('Address Activity (emulator)', CREDENTIAL_TYPE, { apiKey: KEY, baseUrl: emulator.url });
	const credential = { id, name };
	const declared = (await client.nodeTypes())
		.filter((type) => type.name === TRIGGER_NODE_TYPE)
		.flatMap((type) => (Array.isArray(type.version) ? type.version : [type.version]));
	const versions = (options.triggerVersions ?? [...new Set(declared)].sort()).filter((version) => declared.includes(version));
	if (!versions.length) throw new Error(`the package declares trigger versions ${declared.join(', ')}; none of ${options.triggerVersions?.join(', ')}`);

	const token = randomUUID();
	const headerAuth = await client.createCredential('Bench header', 'httpHeaderAuth', { name: AUTH_HEADER, value: token });
	const webhookNodes: Array<{ name: string; workflowId: string; url: string; headers: Record<string, string> }> = [];
	for (const kind of Object.keys(WEBHOOK_NODE) as WebhookKind[]) {
		const webhookPath = randomUUID();
		const workflow = await client.createWorkflow(webhookNodeWorkflow(webhookPath, kind, { id: headerAuth.id, name: headerAuth.name }));
		await client.activateWorkflow(workflow.id);
		const headers: Record<string, string> = kind === 'headerAuth' ? { [AUTH_HEADER]: token } : {};
		webhookNodes.push({ name: WEBHOOK_NODE[kind], workflowId: workflow.id, url: `${target.webhookBase}/webhook/${webhookPath}`, headers });
	}
	const triggers: Array<{ version: number; workflow: Workflow; url: string }> = [];
	for (const version of versions) {
		// Signature verification is on by default.
		const workflow = await client.createWorkflow(
			triggerWorkflow({ name: `Bench: Address Activity Trigger v${version}`, chainId: CHAIN, addresses: [WATCHED], credential, typeVersion: version }),
		);
		await client.activateWorkflow(workflow.id);
		triggers.push({ version, workflow, url: `${target.webhookBase}/webhook/${workflow.nodes[0].webhookId}/webhook` });
	}
	const control = new EmulatorControl(emulator.url);
	const remote = await waitFor(
		'the triggers’ webhooks at the emulator',
		async () => {
			const list = await control.webhooks();
			const found = triggers.map((trigger) => list.find((webhook) => webhook.url === trigger.url && webhook.status === 'active'));
			return found.every(Boolean) ? (found as Array<{ id: string }>) : undefined;
		},
		60_000,
		200,
	);
	for (const node of webhookNodes) {
		await waitFor(
			'the Webhook nodes to answer',
			async () => (await fetch(node.url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...node.headers } })).ok,
			60_000,
			200,
		);
	}

	// One typical delivery per trigger, captured as the emulator sends it: a native transfer with
	// one USDC transfer (two Transfers items, about 2 KiB).
	await control.activity({
		chainId: CHAIN,
		from: WATCHED,
		to: USDC.address,
		value: '1500000000000000000',
		input: '0xa9059cbb',
		erc20Transfers: [{ token: USDC, from: WATCHED, to: COUNTERPARTY, value: '2500000' }],
	});
	const templates = await waitFor(
		'the captured deliveries',
		async () => {
			const deliveries = await control.deliveries();
			const found = remote.map((webhook) => deliveries.find((delivery) => delivery.webhookId === webhook.id && delivery.statusCode === 200)?.body);
			return found.every(Boolean) ? (found as Array<Record<string, unknown>>) : undefined;
		},
		60_000,
		200,
	);
	const secret = await control.sharedSecret(KEY);
	log(`  body ${(JSON.stringify(templates[0]).length / 1024).toFixed(1)} KiB; trigger versions ${versions.join(', ')}`);

	const nodes = [
		...webhookNodes.map((node) => ({ ...node, template: templates[0] })),
		...triggers.map((trigger, index) => ({ name: `Trigger v${trigger.version}`, workflowId: trigger.workflow.id, url: trigger.url, template: templates[index], headers: {} })),
	];
	const rows: Row[] = [];
	for (const concurrency of options.concurrency) {
		const cells = nodes.map((node) => ({
			node,
			requests: prepare(node.template, secret, WARM_UP + options.deliveries, node.headers),
			rounds: [] as Round[],
			drainSeconds: 0,
			isolates: 0,
			cpuSeconds: 0,
			writes: 0,
		}));
		for (const cell of cells) {
			await runLoad(cell.node.url, cell.requests.splice(0, WARM_UP), concurrency, 30);
			await drain(client, cell.node.workflowId);
		}
		// The nodes take turns, ROUNDS times, so that both see the same load from elsewhere on the machine.
		const perRound = Math.ceil(options.deliveries / ROUNDS);
		for (let round = 0; round < ROUNDS; round++) {
			for (const cell of cells) {
				const batch = cell.requests.splice(0, perRound);
				if (!batch.length) continue;
				const before = await countersOf(target.receivers);
				const writesBefore = (await target.staticDataWrites?.(cell.node.workflowId)) ?? 0;
				cell.rounds.push(await runLoad(cell.node.url, batch, concurrency, options.seconds / ROUNDS));
				cell.drainSeconds += await drain(client, cell.node.workflowId);
				const after = await countersOf(target.receivers);
				cell.writes += ((await target.staticDataWrites?.(cell.node.workflowId)) ?? 0) - writesBefore;
				cell.isolates += after.isolates - before.isolates;
				cell.cpuSeconds += after.cpuSeconds - before.cpuSeconds;
			}
		}
		for (const cell of cells) {
			const result = summarise(cell.rounds);
			const cpuMsPerDelivery = (cell.cpuSeconds * 1000) / Math.max(1, result.sent);
			const writesPer1000 = target.staticDataWrites === undefined ? undefined : (cell.writes * 1000) / Math.max(1, result.sent);
			rows.push({ build, variant, mode, concurrency, node: cell.node.name, result, drainSeconds: cell.drainSeconds, isolates: cell.isolates, cpuMsPerDelivery, writesPer1000 });
			log(
				`  ${build} ${mode} ${variant} c=${concurrency} ${cell.node.name}: ${result.sent} in ${result.seconds.toFixed(1)} s, ${result.perSecond.toFixed(1)}/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${cell.isolates} isolates, ${cpuMsPerDelivery.toFixed(1)} ms CPU each${writesPer1000 === undefined ? '' : `, ${writesPer1000.toFixed(0)} static-data writes per 1,000`}${result.failed ? `, ${result.failed} not 200: ${result.failures.join(' | ')}` : ''}`,
			);
		}
	}
	return rows;
}

function printTable(rows: Row[], options: Options): void {
	const header = ['build', 'mode', 'variant', 'conc', 'node', 'sent', 'deliveries/s', 'p50 ms', 'p99 ms', 'runs done/s', 'isolates', 'CPU ms', 'x CPU', 'x thr', 'x p99', 'x thr expr', 'target', 'writes/1000', 'not 200'];
	const lines = rows.map((row) => {
		const sameGroup = (node: string) =>
			rows.find((other) => other.build === row.build && other.mode === row.mode && other.variant === row.variant && other.concurrency === row.concurrency && other.node === node);
		const baseline = sameGroup(STATIC_WEBHOOK);
		const withExpression = sameGroup(EXPRESSION_WEBHOOK);
		const ratioThroughput = baseline ? row.result.perSecond / baseline.result.perSecond : NaN;
		const ratioP99 = baseline ? row.result.p99Ms / baseline.result.p99Ms : NaN;
		const ratioExpression = withExpression ? row.result.perSecond / withExpression.result.perSecond : NaN;
		const isBaseline = row.node === STATIC_WEBHOOK;
		const isWebhookNode = Object.values(WEBHOOK_NODE).includes(row.node);
		return [
			row.build,
			row.mode,
			row.variant,
			String(row.concurrency),
			row.node,
			String(row.result.sent),
			row.result.perSecond.toFixed(1),
			row.result.p50Ms.toFixed(1),
			row.result.p99Ms.toFixed(1),
			(row.result.sent / (row.result.seconds + row.drainSeconds)).toFixed(1),
			String(row.isolates),
			row.cpuMsPerDelivery.toFixed(1),
			isBaseline ? '1.00' : baseline ? (row.cpuMsPerDelivery / baseline.cpuMsPerDelivery).toFixed(2) : 'NaN',
			isBaseline ? '1.00' : ratioThroughput.toFixed(2),
			isBaseline ? '1.00' : ratioP99.toFixed(2),
			ratioExpression.toFixed(2),
			isWebhookNode ? '' : ratioThroughput >= 0.9 && ratioP99 <= 1.2 ? 'met' : 'missed',
			row.writesPer1000 === undefined ? '' : row.writesPer1000.toFixed(0),
			String(row.result.failed),
		];
	});
	const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
	const format = (cells: string[]) => cells.map((cell, column) => (column < 5 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
	console.log(
		`\nn8n 2.41.1, ${options.deliveries} deliveries per cell (at most ${options.seconds} s), in ${ROUNDS} rounds taking turns with the other nodes, after ${WARM_UP} warm-up deliveries; ${os.cpus().length} CPU cores, load average ${os.loadavg()[0].toFixed(1)}`,
	);
	console.log(`x thr / x p99: against the ${STATIC_WEBHOOK} node (n8n's fastest path) in the same row group; x thr expr: against the ${EXPRESSION_WEBHOOK} node`);
	console.log('target (the trigger): x thr >= 0.9 and x p99 <= 1.2');
	console.log('runs done/s: deliveries / (sending time + time until the last run finished)');
	console.log('isolates: expression isolates the receiving process(es) took during the cell (single instance: the runs included; queue mode: the webhook processes only)');
	console.log('CPU ms: CPU time the same processes used per delivery, from their process_cpu_seconds_total (x CPU: against the static Webhook node; lower is cheaper)');
	console.log('writes/1000: UPDATEs of the workflow\'s static data per 1,000 deliveries (queue mode; a Postgres trigger counts them)');
	console.log(`build: current = this checkout's build${options.baseline ? `; baseline = ${path.basename(options.baseline)}` : ''}\n`);
	console.log(format(header));
	console.log(widths.map((width) => '-'.repeat(width)).join('  '));
	for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const log = (line: string) => console.error(line);
	const install = await ensureN8n({ log });
	const postgres = options.modes.includes('queue') ? await ensurePostgres({ log }) : undefined;
	const given = process.env.AA_QUEUE_TARBALL;
	const tarball = currentBuildTarball(given);
	// A tarball packed here is removed at the end; one given by AA_QUEUE_TARBALL is the caller's.
	const removeTarball = () => tarball !== given && removePacked(tarball);
	const emulator = await startEmulator({ apiKeys: [{ key: KEY, plan: 'paid' }], timeScale: 1000 });
	let target: Target | undefined;
	// Ctrl-C stops what this started before exiting (the reapers cover a harder kill).
	const interrupt = () => {
		log('interrupted: stopping n8n and the emulator');
		void Promise.allSettled([target?.stop(), emulator.close()]).then(() => {
			removeTarball();
			process.exit(130);
		});
	};
	process.once('SIGINT', interrupt);
	process.once('SIGTERM', interrupt);
	const rows: Row[] = [];
	const builds: Array<[string, string]> = [...(options.baseline ? ([['baseline', options.baseline]] as Array<[string, string]>) : []), ['current', tarball]];
	try {
		for (const variant of options.variants) {
			for (const mode of options.modes) {
				for (const [build, packed] of builds) {
					log(`starting n8n (${build} build, ${mode}, ${variant}${Object.keys(VARIANTS[variant]).length ? `: ${Object.entries(VARIANTS[variant]).map(([name, value]) => `${name}=${value}`).join(' ')}` : ''})`);
					target = await startTarget(mode, VARIANTS[variant], install, postgres, packed);
					try {
						rows.push(...(await benchTarget(build, mode, variant, target, emulator, options, log)));
					} finally {
						await target.stop();
						target = undefined;
					}
				}
			}
		}
	} finally {
		await emulator.close();
		removeTarball();
	}
	printTable(rows, options);
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exit(1);
});
