/**
 * What a test prints besides its assertions (a measurement, a table of what each decoder read): only with
 * DEBUG_TESTS=1, which vitest.config.ts hands to every project, browser tests included, as `debugTests`.
 */
import { inject } from 'vitest';

export function debugLog(...parts: unknown[]): void {
  if (inject('debugTests')) console.log(...parts);
}
