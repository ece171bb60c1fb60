/** The chains the emulator serves. Ids 43114 and 43113 support webhooks, like the real service. */
export interface ChainInfo {
	chainId: string;
	status: 'OK' | 'UNAVAILABLE';
	chainName: string;
	description: string;
	vmName: 'EVM';
	rpcUrl: string;
	isTestnet: boolean;
	networkToken: { name: string; symbol: string; decimals: number; logoUri: string; description: string };
	explorerUrl: string;
	enabledFeatures: string[];
}

export interface ChainSpec {
	info: ChainInfo;
	/** synthetic transactions generated before any injected activity */
	transactions: number;
	firstBlock: number;
}

const avax = {
	name: 'Avalanche',
	symbol: 'AVAX',
	decimals: 18,
	logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/5VHupNKwnDYJvqMENeV7iJ/3e4b8ff10b69bfa31e70080a4b142cd0/avalanche-avax-logo.svg',
	description: 'AVAX is the native utility token of Avalanche.',
};

export const FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;

export const CHAIN_SPECS: ChainSpec[] = [
	{
		info: {
			chainId: '43114',
			status: 'OK',
			chainName: 'Avalanche (C-Chain)',
			description: 'The Contract Chain on Avalanche Mainnet supports smart contracts and EVM transactions.',
			vmName: 'EVM',
			rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
			isTestnet: false,
			networkToken: avax,
			explorerUrl: 'https://subnets.avax.network/c-chain',
			enabledFeatures: ['nftIndexing', 'webhooks', 'teleporter'],
		},
		transactions: 10_500,
		firstBlock: 54_000_000,
	},
	{
		info: {
			chainId: '43113',
			status: 'OK',
			chainName: 'Avalanche (C-Chain) Fuji',
			description: 'The Contract Chain on the Fuji test network supports smart contracts and EVM transactions.',
			vmName: 'EVM',
			rpcUrl: 'https://api.avax-test.network/ext/bc/C/rpc',
			isTestnet: true,
			networkToken: { ...avax, description: 'AVAX on the Fuji test network has no value.' },
			explorerUrl: 'https://subnets-test.avax.network/c-chain',
			enabledFeatures: ['nftIndexing', 'webhooks', 'teleporter'],
		},
		transactions: 2_000,
		firstBlock: 37_000_000,
	},
	{
		info: {
			chainId: '432204',
			status: 'OK',
			chainName: 'Dexalot L1',
			description: 'An L1 running a central limit order book exchange. No webhook support.',
			vmName: 'EVM',
			rpcUrl: 'https://subnets.avax.network/dexalot/mainnet/rpc',
			isTestnet: false,
			networkToken: {
				name: 'Dexalot',
				symbol: 'ALOT',
				decimals: 18,
				logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/6tKCXL3AqxfxSUzXLGfN6r/be31715b87bc30c0e4d3da01a3d24e9a/dexalot-subnet.png',
				description: 'ALOT is the native token of the Dexalot L1.',
			},
			explorerUrl: 'https://subnets.avax.network/dexalot',
			enabledFeatures: ['teleporter'],
		},
		transactions: 600,
		firstBlock: 12_000_000,
	},
	{
		info: {
			chainId: '11111',
			status: 'UNAVAILABLE',
			chainName: 'WAGMI',
			description: 'A test L1 whose node is down: its data routes answer 503.',
			vmName: 'EVM',
			rpcUrl: 'https://subnets.avax.network/wagmi/wagmi-chain-testnet/rpc',
			isTestnet: true,
			networkToken: {
				name: 'WAGMI',
				symbol: 'WGM',
				decimals: 18,
				logoUri: 'https://images.ctfassets.net/gcj8jwzm6086/6Mn1ydrzCeBWUFYBDIQ3bW/11cf3d3d3cd02e5ad33e6a2a5ee23e82/wagmi.png',
				description: 'WGM has no value.',
			},
			explorerUrl: 'https://subnets-test.avax.network/wagmi',
			enabledFeatures: [],
		},
		transactions: 0,
		firstBlock: 1,
	},
];
