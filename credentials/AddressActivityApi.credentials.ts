import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class AddressActivityApi implements ICredentialType {
	name = 'addressActivityApi';

	displayName = 'Address Activity API';

	icon: Icon = { light: 'file:../icons/addressActivity.svg', dark: 'file:../icons/addressActivity.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-address-activity/n8n-nodes-address-activity#credentials';

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
			placeholder: 'https://api.example.com',
			description:
				'Address of the deployment the key belongs to, without /v1: the production deployment, the development deployment (test network), or a local emulator such as http://127.0.0.1:8545',
		},
	];

	// A function rather than a generic block: n8n evaluates a generic block's expression
	// ({{$credentials.apiKey}}) on every request, which costs more than the request itself.
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, 'x-service-api-key': String(credentials.apiKey) },
	});

	// Reading the shared secret needs a valid key with the webhook privilege, the same privilege
	// the nodes need to manage webhooks, so a read-only key fails here rather than later.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "").replace(/\\/v1$/, "")}}',
			url: '/v1/webhooks:getSharedSecret',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key is not recognised by the service at this Base URL. Check the key, and that the Base URL is the deployment it was created for.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key is valid but lacks the webhook privilege, which managing webhooks, monitored addresses and the shared secret needs. Create a key with that privilege in the dashboard.',
				},
			},
		],
	};
}
