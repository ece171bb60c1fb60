import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

function labels(property: INodeProperties): INodePropertyOptions[] {
	return (property.options ?? []) as INodePropertyOptions[];
}

/**
 * The canvas subtitle ("Get Many: Webhook"). The editor shows the expression's value as it is, so
 * the labels come from flat maps built from the node's options (an expression ends at "}}").
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
