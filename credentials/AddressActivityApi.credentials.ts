import type {
	IAuthenticate,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class AddressActivityApi implements ICredentialType {
	name = 'addressActivityApi';

	displayName = 'Address Activity API';

	icon: Icon = { light: 'file:../icons/addressActivity.svg', dark: 'file:../icons/addressActivity.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-address-activity/n8n-nodes-address-activity#credential';

	// Tested by the nodes (testedBy: 'addressActivityApiTest'): a declarative test can only compare
	// status codes and body values, so it cannot tell a web page from the service or word a refused
	// connection, a DNS or a TLS failure.
	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'The API key created in the service dashboard. Managing webhooks and the shared secret needs a key with the webhook privilege.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'Paste the API address from the dashboard',
			hint: "In the service's dashboard, beside the API key (production, or the development deployment for test networks)",
			description:
				"The API address of the deployment the key belongs to, shown in the service's dashboard beside the API key: the production deployment, or the development deployment (test-network chains). With or without /v1.",
		},
	];

	// A function rather than a generic block: n8n evaluates a generic block's expression
	// ({{$credentials.apiKey}}) on every request, which costs more than the request itself.
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, 'x-service-api-key': String(credentials.apiKey) },
	});
}
