// @ts-check
import { fileURLToPath } from 'node:url';

/** The repository's root folder (scripts/bench/lib is three levels below it), with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
