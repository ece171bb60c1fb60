import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import { CREDENTIAL_NAME } from './names';

/** The credential reference a node carries in a workflow (id and name, as n8n stores them). */
export const CREDENTIAL_REFERENCE: INodeCredentialsDetails = { id: 'cred-1', name: CREDENTIAL_NAME };

export interface AddressActivityCredentialData extends ICredentialDataDecryptedObject {
	apiKey: string;
	baseUrl: string;
}

/**
 * Credentials for the harness, applied the way n8n's own CredentialsHelper does it: a generic
 * `authenticate` block's values are n8n expressions resolved with `$credentials` through the
 * workflow's expression engine, then written into the request's headers, qs, body or auth.
 * The decrypted data comes from memory instead of n8n's database.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types: Record<string, ICredentialType>;

	constructor(
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
		types: ICredentialType[] = [new AddressActivityApi()],
	) {
		super();
		this.types = Object.fromEntries(types.map((type) => [type.name, type]));
	}

	/** Replaces a credential's data, e.g. to switch to another API key between runs. */
	setCredentialData(type: string, data: ICredentialDataDecryptedObject): void {
		this.data[type] = data;
	}

	getParentTypes(name: string): string[] {
		const extendsTypes = this.types[name]?.extends ?? [];
		return extendsTypes.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = this.types[typeName]?.authenticate;
		if (authenticate === undefined) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate.type !== 'generic') return options;
		if (!workflow || !node) throw new Error('authenticate needs the workflow and node to resolve expressions');

		const target = options as unknown as Record<string, Record<string, unknown>>;
		for (const [outerKey, values] of Object.entries(authenticate.properties)) {
			for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
				const resolvedKey = this.resolve(key, credentials, workflow, node);
				const resolvedValue = this.resolve(value, credentials, workflow, node);
				target[outerKey] = { ...(target[outerKey] ?? {}), [String(resolvedKey)]: resolvedValue };
			}
		}
		return options;
	}

	private resolve(value: unknown, credentials: ICredentialDataDecryptedObject, workflow: Workflow, node: INode): unknown {
		if (typeof value !== 'string' || !value.startsWith('=')) return value;
		return workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const data = this.decrypted(type);
		return {
			id: nodeCredentials.id ?? undefined,
			name: nodeCredentials.name,
			type,
			getData: () => data,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		return this.decrypted(type);
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}

	private decrypted(type: string): ICredentialDataDecryptedObject {
		const data = this.data[type];
		if (!data) throw new Error(`No credentials of type "${type}" in the harness`);
		// A copy, as n8n decrypts a fresh object for every use.
		return { ...data };
	}
}
