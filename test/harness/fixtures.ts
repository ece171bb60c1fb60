import { randomBytes } from 'node:crypto';

import type { IDataObject, INodeParameterResourceLocator } from 'n8n-workflow';

import { startEmulator } from '../emulator';
import type { EmulatorKey, RunningEmulator, StartEmulatorOptions } from '../emulator';
import type { AddressActivityCredentialData } from './credentials';
import { EmulatorControl } from './emulatorControl';
import type { RunNodeResult } from './runNode';

export interface TestService {
	emulator: RunningEmulator;
	control: EmulatorControl;
	/** Credential data for a key of the emulator. */
	credentials(key: string): AddressActivityCredentialData;
	/** A new key (own account unless `account` is given) with its credential data. */
	newAccount(key?: Partial<EmulatorKey>): Promise<AddressActivityCredentialData>;
	close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 with a control client; close it in afterAll. */
export async function startTestService(options: StartEmulatorOptions = {}): Promise<TestService> {
	const emulator = await startEmulator(options);
	const control = new EmulatorControl(emulator.url);
	const credentials = (key: string): AddressActivityCredentialData => ({ apiKey: key, baseUrl: emulator.url });
	return {
		emulator,
		control,
		credentials,
		async newAccount(key = {}) {
			const created = await control.createKey({ key: `test-key-${randomBytes(12).toString('hex')}`, ...key });
			return credentials(created.key);
		},
		close: async () => await emulator.close(),
	};
}

/**
 * startTestService as jest hooks of the calling file: the emulator starts before its tests and
 * stops after them; the service returned stands for it in every test.
 */
export function useTestService(options: StartEmulatorOptions = {}): TestService {
	let started: TestService | undefined;
	const current = (): TestService => {
		if (started === undefined) throw new Error('the test service is used outside a test (it starts in beforeAll)');
		return started;
	};
	beforeAll(async () => {
		started = await startTestService(options);
	});
	afterAll(async () => {
		await started?.close();
		started = undefined;
	});
	return {
		get emulator() {
			return current().emulator;
		},
		get control() {
			return current().control;
		},
		credentials: (key) => current().credentials(key),
		newAccount: async (key) => await current().newAccount(key),
		close: async () => await current().close(),
	};
}

/** The addresses a webhook monitors, as the service lists them, in lower case and sorted. */
export async function monitoredAddresses(credentials: AddressActivityCredentialData, webhookId: string): Promise<string[]> {
	const webhook = await serviceCall<{ metadata: { addresses: string[] } }>(credentials, 'GET', `/v1/webhooks/${webhookId}`);
	return webhook.metadata.addresses.map((address) => address.toLowerCase()).sort();
}

export function randomAddress(): string {
	return `0x${randomBytes(20).toString('hex')}`;
}

export function byId(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value };
}

export function fromList(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'list', value };
}

/** Sends a request straight to the service (set-up and checks that should not go through the node). */
export async function serviceCall<T = IDataObject>(
	credentials: AddressActivityCredentialData,
	method: string,
	path: string,
	body?: unknown,
): Promise<T> {
	return await new EmulatorControl(credentials.baseUrl).call<T>(method, path, body, credentials.apiKey);
}

/** Creates a webhook directly on the service and returns it. */
export async function createWebhook(
	credentials: AddressActivityCredentialData,
	overrides: IDataObject = {},
): Promise<IDataObject & { id: string }> {
	return await serviceCall(credentials, 'POST', '/v1/webhooks', {
		url: 'https://receiver.example.com/hook',
		chainId: '43114',
		eventType: 'address_activity',
		metadata: { addresses: [randomAddress()] },
		...overrides,
	});
}

/**
 * Everything a run leaves for a user to see or n8n to store: output items and the error with
 * its description, context, cause chain and stack, as one text to search for secrets.
 */
export function visibleText(result: RunNodeResult): string {
	const parts: unknown[] = [result.items];
	const seen = new Set<unknown>();
	let error = result.error as (Error & { cause?: unknown }) | undefined;
	while (error && !seen.has(error)) {
		seen.add(error);
		parts.push(error, error.message, error.stack, (error as { description?: unknown }).description);
		parts.push(Object.getOwnPropertyNames(error).map((name) => (error as unknown as Record<string, unknown>)[name]));
		error = error.cause as typeof error;
	}
	return parts.map((part) => safeStringify(part)).join('\n');
}

function safeStringify(value: unknown): string {
	const seen = new WeakSet<object>();
	return (
		JSON.stringify(value, (_key, entry: unknown) => {
			if (typeof entry === 'object' && entry !== null) {
				if (seen.has(entry)) return '[circular]';
				seen.add(entry);
			}
			return entry;
		}) ?? String(value)
	);
}
