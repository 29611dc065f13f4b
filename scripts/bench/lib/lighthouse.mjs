// @ts-check
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from './app.mjs';

/** Fetched by npx on first use (not a dependency: its npm release pins packages this registry lacks). */
export const LIGHTHOUSE = 'lighthouse@13.5.0';

/**
 * The parts of a Lighthouse report (LHR) the benchmarks read.
 * @typedef {{
 *   categories: Record<string, { score: number | null, auditRefs: { id: string, weight: number }[] } | undefined>,
 *   audits: Record<string, { score: number | null, numericValue?: number } | undefined>,
 * }} LighthouseReport
 */

/**
 * One Lighthouse run of `url` with its default (mobile) preset in Debian's Chromium (CHROME_PATH), the JSON report
 * written to `reportPath`; returns the parsed report. Throws when Lighthouse fails.
 * @param {string} url
 * @param {string} reportPath
 * @returns {LighthouseReport}
 */
export function runLighthouse(url, reportPath) {
  const lh = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${reportPath}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath() },
    },
  );
  if (lh.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${lh.status})`);
  return JSON.parse(readFileSync(reportPath, 'utf8'));
}
