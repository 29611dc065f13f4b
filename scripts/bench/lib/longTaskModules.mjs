// @ts-check
// Which source modules a long task ran: the V8 sampling profile that a Chromium trace carries
// ('disabled-by-default-v8.cpu_profiler'), each sample inside a long task put down to the module its function
// comes from. A build made with `--minify false` names each module in a `// path` line at its start, so a sample
// maps to its package (react-dom, @chakra-ui/react) or our source folder; a minified build gives chunk names only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The categories to add to a trace for this. */
export const PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** A module path as the bundler wrote it, shortened to its package or our source folder. */
function owner(/** @type {string} */ modulePath) {
  const inPackage = modulePath.split('node_modules/').pop() ?? modulePath;
  if (inPackage !== modulePath || !modulePath.includes('src/')) {
    const parts = inPackage.split('/');
    return parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? modulePath);
  }
  return modulePath.slice(modulePath.indexOf('src/')).split('/').slice(0, 3).join('/');
}

/**
 * @param {string} assetsDir the build's assets folder, to read module starts from
 * @returns {(url: string, line: number) => string}
 */
function moduleLocator(assetsDir) {
  /** @type {Map<string, [line: number, owner: string][]>} */
  const starts = new Map();
  return (url, line) => {
    const file = url.split('/').pop() ?? '';
    if (!file.endsWith('.js')) return '(not a script of the page)';
    let marks = starts.get(file);
    if (!marks) {
      marks = [];
      let text = '';
      try {
        text = readFileSync(join(assetsDir, file), 'utf8');
      } catch {
        // not in this build (an inline script)
      }
      text.split('\n').forEach((l, i) => {
        const m = /^\/\/ (\S+\.(?:m?[jt]sx?|cjs))$/.exec(l);
        if (m?.[1]) marks?.push([i, owner(m[1])]);
      });
      starts.set(file, marks);
    }
    let found = file;
    for (const [l, o] of marks) {
      if (l > line) break;
      found = o;
    }
    return found;
  };
}

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, id?: string,
 *   args?: { name?: string, data?: any, beginData?: any } }} TraceEvent
 */

/**
 * The long tasks (over 50 ms) of the page's main thread, each with the modules its samples ran, most first.
 * @param {TraceEvent[]} traceEvents
 * @param {string} assetsDir
 * @param {number} [top] how many modules per task
 * @returns {{ at: number, dur: number, modules: [string, number][] }[]}
 */
export function longTaskModules(traceEvents, assetsDir, top = 5) {
  // The renderer that parsed the page's own HTML: a trace also holds Chromium's own pages (chrome:// WebUI).
  const main = traceEvents.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      traceEvents.some(
        (x) =>
          x.pid === e.pid &&
          x.tid === e.tid &&
          x.name === 'ParseHTML' &&
          /^https?:/.test(String(x.args?.data?.url ?? x.args?.beginData?.url ?? '')),
      ),
  );
  if (!main) return [];
  const onMain = (/** @type {TraceEvent} */ e) => e.pid === main.pid && e.tid === main.tid;
  const nav = traceEvents.find((e) => onMain(e) && e.name === 'navigationStart')?.ts ?? 0;
  const profile = traceEvents.find((e) => e.name === 'Profile' && onMain(e));
  if (!profile) return [];
  /** @type {Map<number, { url: string, lineNumber: number, functionName: string }>} */
  const frames = new Map();
  /** @type {[ts: number, node: number][]} */
  const samples = [];
  let t = profile.args?.data?.startTime ?? 0;
  for (const chunk of traceEvents.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    const cpu = chunk.args?.data?.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) frames.set(n.id, n.callFrame);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((/** @type {number} */ s, /** @type {number} */ i) => {
      t += deltas[i] ?? 0;
      samples.push([t, s]);
    });
  }
  const locate = moduleLocator(assetsDir);
  return traceEvents
    .filter((e) => onMain(e) && e.name === 'RunTask' && (e.dur ?? 0) > 50_000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = samples.filter(([ts]) => ts >= task.ts && ts < end);
      /** @type {Record<string, number>} */
      const ms = {};
      inside.forEach(([ts, node], i) => {
        const f = frames.get(node);
        const where = f?.url ? locate(f.url, f.lineNumber) : f?.functionName || '(native)';
        ms[where] = (ms[where] ?? 0) + ((inside[i + 1]?.[0] ?? end) - ts) / 1000;
      });
      delete ms['(idle)'];
      const modules = /** @type {[string, number][]} */ (Object.entries(ms)).sort((a, b) => b[1] - a[1]).slice(0, top);
      return { at: (task.ts - nav) / 1000, dur: (task.dur ?? 0) / 1000, modules };
    });
}
