import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory the bench was started from. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
