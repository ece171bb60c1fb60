/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Removes the tarball global-setup.ts packed.
import { removePacked } from '../support/package';

export default function globalTeardown(): void {
	if (process.env.AA_E2E_TARBALL) removePacked(process.env.AA_E2E_TARBALL);
}
