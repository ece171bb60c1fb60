import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What one operation returns for one input item: one output item per object. */
export type OperationResult = IDataObject | IDataObject[];

export type OperationHandler = (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;

/** One operation file: its fields and its handler. */
export interface OperationModule {
	description: INodeProperties[];
	execute: OperationHandler;
	/** Reads and checks the item's parameters without sending anything: run for every item before any is executed. */
	validate?: (this: IExecuteFunctions, itemIndex: number) => void;
}
