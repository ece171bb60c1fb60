import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { getChains, searchChains } from '../shared/parameters/chainSearches';
import { testAddressActivityApi } from '../shared/service/credentialTest';
import { latestActivity, pollNewActivity, TEST_EVENT_TRANSACTIONS } from './pollActivity';
import { readPollParameters } from './readParameters';
import { requestsPerPoll } from './pollRate';
import { pollTriggerParameterList } from './parameterList';
import { triggerSubtitle } from '../shared/parameters/triggerSubtitle';

export class AddressActivityPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Address Activity Poll Trigger',
		name: 'addressActivityPollTrigger',
		icon: { light: 'file:../../icons/addressActivity.svg', dark: 'file:../../icons/addressActivity.dark.svg' },
		group: ['trigger'],
		// Version 2 takes several chains (Chains, a list); version 1 keeps the single Chain of its saved workflows.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: triggerSubtitle,
		description:
			'Starts the workflow with new transfers of blockchain addresses, polled from the service: works where n8n has no public URL',
		defaults: { name: 'Address Activity Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true, testedBy: 'addressActivityApiTest' }],
		properties: pollTriggerParameterList,
	};

	methods = { listSearch: { searchChains }, loadOptions: { getChains }, credentialTest: { addressActivityApiTest: testAddressActivityApi } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const parameters = readPollParameters(this);
		const budget = requestsPerPoll(this, parameters.maxRequestsPerMinute);

		if (this.getMode() === 'manual') {
			// Fetch Test Event: real items at once; the cursor stays where it is.
			const items = await latestActivity(this, parameters, budget);
			if (items.length === 0) {
				throw new NodeOperationError(this.getNode(), 'No transfers found in the latest transactions of these addresses', {
					description: `Looked at the newest ${TEST_EVENT_TRANSACTIONS} transactions of each address on ${parameters.chainIds.length === 1 ? 'chain' : 'chains'} ${parameters.chainIds.join(', ')}${
						parameters.output === 'transfers' ? ' with the current Filters' : ''
					}${parameters.balances.alert ? ', and none of them took a balance across the Alert Threshold' : ''}. Check the chain and the addresses, or loosen the Filters.`,
				});
			}
			return [this.helpers.returnJsonArray(items)];
		}

		const items = await pollNewActivity(this, parameters, budget);
		return items.length ? [this.helpers.returnJsonArray(items)] : null;
	}
}
