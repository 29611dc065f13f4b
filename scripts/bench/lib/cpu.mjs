// @ts-check
// CPU time spent serving a benchmark's requests, per 1,000 requests: the server process (all its threads) and the
// PostgreSQL backends connected to the bench database. Unlike a rate, CPU time per request hardly moves when other
// work shares the cores (a rate falls with every busy neighbour), so it compares two builds on a shared machine.
// Linux only (/proc); elsewhere every figure is null.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc reports CPU time in ticks of 10 ms on Linux. */
const TICK_MS = 10;

/** @param {string | number} pid @returns {number} user + system ticks */
function ticksOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * @typedef {{ server: number, backends: Map<string, number>, self: NodeJS.CpuUsage }} CpuSnapshot
 */

/**
 * @param {{ serverPid: number | undefined, databaseName: string }} target databaseName '' for PGlite (in-process)
 * @returns {CpuSnapshot | null}
 */
export function cpuSnapshot({ serverPid, databaseName }) {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  let server;
  try {
    server = ticksOf(serverPid);
  } catch {
    return null;
  }
  /** @type {Map<string, number>} */
  const backends = new Map();
  if (databaseName) {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        // A backend's title: "postgres: <user> <database> <client> <state>".
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.includes(` ${databaseName} `)) backends.set(pid, ticksOf(pid));
      } catch {
        // the process ended meanwhile
      }
    }
  }
  return { server, backends, self: process.cpuUsage() };
}

/**
 * CPU milliseconds per 1,000 requests between two snapshots: the server, the database backends (those that ended
 * in between are not counted), and this process (the load generator).
 * @param {CpuSnapshot | null} before
 * @param {CpuSnapshot | null} after
 * @param {number} requests
 * @returns {{ serverMs: number, databaseMs: number, loadGeneratorMs: number } | null}
 */
export function cpuPerThousand(before, after, requests) {
  if (!before || !after || requests <= 0) return null;
  let database = 0;
  for (const [pid, ticks] of after.backends) database += ticks - (before.backends.get(pid) ?? 0);
  const self = process.cpuUsage(before.self);
  const per = (/** @type {number} */ ms) => Math.round(((ms * 1000) / requests) * 10) / 10;
  return {
    serverMs: per((after.server - before.server) * TICK_MS),
    databaseMs: per(database * TICK_MS),
    loadGeneratorMs: per((self.user + self.system) / 1000),
  };
}
