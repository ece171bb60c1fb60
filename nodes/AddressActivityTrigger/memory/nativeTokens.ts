/** Native token per chain, learned at activation (deliveries usually name it themselves). */
import { BoundedMap } from '../../shared/memory/boundedMap';
import type { NativeToken } from '../../shared/model/transfers';

const nativeTokens = new BoundedMap<string, NativeToken>(200);

export function rememberNativeToken(chainId: string, token: NativeToken): void {
	nativeTokens.set(chainId, token);
}

/** The chain's native token as this process learned it, if it did. */
export function knownNativeToken(chainId: string): NativeToken | undefined {
	return nativeTokens.get(chainId);
}

export function forgetNativeTokens(): void {
	nativeTokens.clear();
}
