import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What one operation returns for one input item: one output item per object. */
export type OperationResult = IDataObject | IDataObject[];

export type OperationHandler = (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;

/** One item's result or failure, from an operation that handles all items at once. */
export interface ItemOutcome {
	itemIndex: number;
	result?: OperationResult;
	error?: unknown;
	/** The input items the result comes from, when it is more than this one (default: itemIndex). */
	pairedItems?: number[];
}

/** One operation file: its fields and its handler. */
export interface OperationModule {
	description: INodeProperties[];
	execute: OperationHandler;
	/** Handles all (valid) items at once instead of one by one, e.g. to share reads and batch writes. */
	executeAll?: (this: IExecuteFunctions, itemIndexes: number[]) => Promise<ItemOutcome[]>;
	/** Reads and checks the item's parameters without sending anything: run for every item before any is executed. */
	validate?: (this: IExecuteFunctions, itemIndex: number) => void;
}

/**
 * An item's parameters read once per run: validation reads every item before any request, and the
 * operation uses what it read (10,000 items would otherwise evaluate each expression twice).
 */
export function oncePerRun<T>(read: (context: IExecuteFunctions, itemIndex: number) => T): (context: IExecuteFunctions, itemIndex: number) => T {
	const runs = new WeakMap<IExecuteFunctions, Map<number, T>>();
	return (context, itemIndex) => {
		let items = runs.get(context);
		if (items === undefined) runs.set(context, (items = new Map()));
		if (!items.has(itemIndex)) items.set(itemIndex, read(context, itemIndex));
		return items.get(itemIndex) as T;
	};
}
