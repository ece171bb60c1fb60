import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What one operation returns for one input item: one output item per object. */
type OperationResult = IDataObject | IDataObject[];

/** One item's result or failure. */
export interface ItemOutcome {
	itemIndex: number;
	result?: OperationResult;
	error?: unknown;
	/** The input items the result comes from, when it is more than this one (default: itemIndex). */
	pairedItems?: number[];
}

/** An item whose parameters were read and checked, with what was read. */
export interface ReadItem<P> {
	itemIndex: number;
	parameters: P;
}

interface ReadsParameters<P> {
	description: INodeProperties[];
	/**
	 * Reads and checks one item's parameters without sending anything. The node runs it for every
	 * item before the first request, so a bad last item fails before the first one changed anything.
	 */
	read(context: IExecuteFunctions, itemIndex: number): P;
}

/** An operation that sends each item's requests on their own, in item order. */
export interface ItemByItem<P> extends ReadsParameters<P> {
	execute(this: IExecuteFunctions, parameters: P, itemIndex: number): Promise<OperationResult>;
}

/** An operation that handles all valid items at once, e.g. to share reads and batch writes. */
export interface AllAtOnce<P> extends ReadsParameters<P> {
	executeAll(this: IExecuteFunctions, items: Array<ReadItem<P>>): Promise<ItemOutcome[]>;
}

/** One operation file: its fields, how it reads an item, and how it runs. */
export type OperationModule<P = unknown> = ItemByItem<P> | AllAtOnce<P>;
