// scan.ts is generated (see its header): this fails when someone edits it by hand or changes the generator
// without regenerating it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const generator = fileURLToPath(new URL('../../../scripts/gen/encoder-scan.mjs', import.meta.url));
const generated = fileURLToPath(new URL('../../../src/encoder/scan.ts', import.meta.url));

test('src/encoder/scan.ts is exactly what scripts/gen/encoder-scan.mjs prints', () => {
  const fresh = execFileSync(process.execPath, [generator], { maxBuffer: 16 * 1024 * 1024 });
  const committed = readFileSync(generated);
  expect(fresh.length).toBeGreaterThan(10_000);
  expect(Buffer.compare(fresh, committed), 'run: npm run gen:scan').toBe(0);
});
