/** The emulator's in-memory chain records; routes and messages render them into service shapes. */
export interface Erc20Token {
	address: string;
	name: string;
	symbol: string;
	decimals: number;
}

export interface NftToken {
	address: string;
	name?: string;
	symbol?: string;
}

export interface Erc20Move {
	token: Erc20Token;
	from: string;
	to: string;
	value: string;
	logIndex: number;
}

export interface Erc721Move {
	token: NftToken;
	from: string;
	to: string;
	tokenId: string;
	logIndex: number;
}

export interface Erc1155Move {
	token: NftToken;
	from: string;
	to: string;
	tokenId: string;
	value: string;
	logIndex: number;
}

export interface InternalMove {
	from: string;
	to: string;
	value: string;
	internalTxType: string;
	gasUsed: string;
	gasLimit: string;
	isReverted: boolean;
}

export interface LogEntry {
	address: string;
	topics: string[];
	data: string;
	logIndex: number;
}

export interface MethodInfo {
	callType: 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION';
	methodHash: string;
	methodName?: string;
}

export interface ChainTx {
	hash: string;
	blockNumber: number;
	blockIndex: number;
	from: string;
	to: string;
	contractAddress?: string;
	value: string;
	nonce: number;
	gasLimit: number;
	gasUsed: number;
	cumulativeGasUsed: number;
	/** effective gas price */
	gasPrice: bigint;
	maxFeePerGas: bigint;
	maxPriorityFeePerGas: bigint;
	type: number;
	success: boolean;
	input: string;
	method: MethodInfo;
	erc20: Erc20Move[];
	erc721: Erc721Move[];
	erc1155: Erc1155Move[];
	internal: InternalMove[];
	logs: LogEntry[];
}

export interface ChainBlock {
	number: number;
	hash: string;
	parentHash: string;
	/** seconds since the epoch */
	timestamp: number;
	/** index of the block's first transaction in the chain's transaction list */
	firstTx: number;
	txCount: number;
	baseFee: bigint;
	gasUsed: number;
	gasLimit: number;
}

/** Keccak-256 topic0 hashes of the standard transfer events. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';

export const GWEI = 1_000_000_000n;
