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
