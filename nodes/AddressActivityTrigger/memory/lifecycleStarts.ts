/** When a trigger's activation or deactivation that has not succeeded yet began (per workflow, node and URL kind). */
import { BoundedMap } from '../../shared/memory/boundedMap';

const lifecycleStarts = new BoundedMap<string, number>(2000);

export function recordLifecycleStart(key: string, at: number): void {
	lifecycleStarts.set(key, at);
}

/** When the failing activation or deactivation under `key` began, if one is recorded. */
export function lifecycleStartOf(key: string): number | undefined {
	return lifecycleStarts.get(key);
}

/** Forgets the start once the activation or deactivation succeeded. */
export function forgetLifecycleStart(key: string): void {
	lifecycleStarts.delete(key);
}

export function forgetLifecycleStarts(): void {
	lifecycleStarts.clear();
}
