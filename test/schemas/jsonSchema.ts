/**
 * JSON Schemas of node outputs, as n8n ships them for its own nodes (__schema__/v<version>/…):
 * type and properties, no `required` (fields depend on the data). A field that can be null is
 * typed by its other values, as in n8n's own schemas; the check accepts null for any field.
 */
import type { IDataObject } from 'n8n-workflow';

export interface JsonSchema {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
}

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

/** The schema that fits every one of `values` (the values a field had across the outputs). */
export function schemaOf(values: unknown[]): JsonSchema {
	const present = values.filter((value) => value !== null && value !== undefined);
	const types = [...new Set(present.map(typeOf))];
	if (types.length === 0) return values.length > 0 ? { type: 'null' } : {};
	const schema: JsonSchema = { type: types.length === 1 ? types[0] : types };
	if (types.includes('object')) {
		const objects = present.filter((value) => typeOf(value) === 'object') as IDataObject[];
		const keys = [...new Set(objects.flatMap((object) => Object.keys(object)))];
		schema.properties = Object.fromEntries(
			keys.map((key) => [key, schemaOf(objects.filter((object) => key in object).map((object) => object[key]))]),
		);
	}
	if (types.includes('array')) {
		const items = present.filter(Array.isArray).flat();
		schema.items = schemaOf(items);
	}
	return schema;
}

/** Where `value` does not fit `schema` ("" at the top), with what was found; empty when it fits. */
export function mismatches(schema: JsonSchema, value: unknown, path = ''): string[] {
	if (value === null || schema.type === undefined) return [];
	const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
	const actual = typeOf(value);
	if (!allowed.includes(actual)) return [`${path || '(item)'}: ${actual}, schema says ${allowed.join(' or ')}`];
	if (actual === 'object') {
		return Object.entries(value as IDataObject).flatMap(([key, entry]) => {
			const field = schema.properties?.[key];
			return field === undefined ? [`${path}.${key}: not in the schema`] : mismatches(field, entry, `${path}.${key}`);
		});
	}
	if (actual === 'array' && schema.items) return (value as unknown[]).flatMap((entry, index) => mismatches(schema.items!, entry, `${path}[${index}]`));
	return [];
}
