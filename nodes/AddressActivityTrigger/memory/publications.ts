/**
 * Which of this process's triggers are being published or unpublished, and when that last ended:
 * n8n saves, at a publication's end, the static data it loaded at its start, so a write from a
 * delivery in between would be overwritten, and one saved just after would restore the older
 * document. The delivery path leaves the durable position to a later flush meanwhile.
 */
import { BoundedMap } from '../../shared/memory/boundedMap';

/** After a publication's lifecycle call returned n8n saves within milliseconds: a request that arrived later loaded what it saved. */
const SAVE_AFTER_LIFECYCLE_MS = 500;

const publications = new BoundedMap<string, { running: number; endedAt: number }>(2000);

/** The key of a trigger: its workflow and node. */
export function publicationKey(workflowId: string | undefined, nodeName: string): string {
	return `${workflowId ?? ''}/${nodeName}`;
}

export function publicationStarted(key: string): void {
	const entry = publications.get(key) ?? { running: 0, endedAt: 0 };
	publications.set(key, { running: entry.running + 1, endedAt: entry.endedAt });
}

export function publicationEnded(key: string, at: number): void {
	const entry = publications.get(key) ?? { running: 1, endedAt: 0 };
	publications.set(key, { running: Math.max(0, entry.running - 1), endedAt: at });
}

/**
 * Whether a request that arrived at `arrivedAt` may have loaded static data older than what a
 * publication of this trigger in this process saves (or is about to save): one runs, or ended
 * after the request arrived or just before.
 */
export function publicationNear(key: string, arrivedAt: number): boolean {
	const entry = publications.get(key);
	return entry !== undefined && (entry.running > 0 || arrivedAt < entry.endedAt + SAVE_AFTER_LIFECYCLE_MS);
}

export function forgetPublications(): void {
	publications.clear();
}
