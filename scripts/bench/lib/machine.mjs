// @ts-check
// What a benchmark's report says about the machine it ran on: on a shared machine the load average says how far
// the figures can be trusted.
import os from 'node:os';

/** Node's version, the number of cores and their model. */
export function machine() {
  const cpus = os.cpus();
  return { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown' };
}

/**
 * The 1, 5 and 15 minute load averages, to two decimals.
 * @returns {[number, number, number]}
 */
export function loadAverage() {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg().map((x) => Math.round(x * 100) / 100);
  return [one, five, fifteen];
}
