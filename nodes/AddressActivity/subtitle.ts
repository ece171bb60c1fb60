import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

function labels(property: INodeProperties): INodePropertyOptions[] {
	return (property.options ?? []) as INodePropertyOptions[];
}

/**
 * The subtitle under the node on the canvas: the chosen operation and resource by their labels
 * ("Get Many: Webhook"). The editor shows the subtitle expression's value as it is, so the
 * expression looks the labels up in maps built from the node's own Resource and Operation
 * options. The maps are flat because an expression ends at the first "}}".
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const resources: Record<string, string> = {};
	const operations: Record<string, string> = {};
	for (const property of properties) {
		if (property.name === 'resource') {
			for (const option of labels(property)) resources[String(option.value)] = option.name;
		}
		if (property.name === 'operation') {
			for (const resource of property.displayOptions?.show?.resource ?? []) {
				for (const option of labels(property)) operations[`${String(resource)}.${String(option.value)}`] = option.name;
			}
		}
	}
	const operation = `(${JSON.stringify(operations)}[$parameter["resource"] + "." + $parameter["operation"]] || $parameter["operation"])`;
	const resource = `(${JSON.stringify(resources)}[$parameter["resource"]] || $parameter["resource"])`;
	return `={{ ${operation} + ": " + ${resource} }}`;
}
