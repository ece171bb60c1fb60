/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Removes the tarball global-setup.ts packed (not one AA_QUEUE_TARBALL named).
import { removePacked } from '../support/package';

export default function globalTeardown(): void {
	if (process.env.AA_QUEUE_PACKED) removePacked(process.env.AA_QUEUE_PACKED);
}
