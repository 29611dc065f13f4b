// @ts-check
// What the main thread's long tasks were made of, from a Chromium trace: each long task's blocking time (its time
// beyond 50 ms) shared out over the work it ran, by cause.

/** Trace categories the attribution needs (devtools.timeline events, user timing for our own measures). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
];

/**
 * Our own start-up measures (performance.measure in src/app/main.tsx), named in the trace: a task that holds one
 * is put down to it.
 */
const MEASURE_CAUSES = new Map([['qrcraft:design-system', 'design system (createSystem)']]);

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number,
 *   args?: { name?: string, data?: Record<string, unknown>, beginData?: Record<string, unknown> }, cat?: string }} TraceEvent
 */

/** @param {TraceEvent} e */
function causeOf(e) {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  const fn = String(data.functionName ?? '');
  switch (e.name) {
    case 'ParseHTML':
      return 'HTML parsing';
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'Commit':
    case 'UpdateLayer':
      return 'style, layout and paint';
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compile':
    case 'v8.compileModule':
      return 'script compile and evaluation';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
      return 'garbage collection';
  }
  if (e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'v8.callFunction') {
    if (/^(preloadSome|add|start)$/.test(fn)) return "module preloads (the page's script)";
    if (/performWorkUntilDeadline|flushPassiveEffects|performWorkOnRoot/.test(fn)) return 'React render and commit';
    if (fn === 'PerformanceObserver.observe.type') return "module preloads (the page's script)";
    return null; // look inside
  }
  return null;
}

/**
 * @param {TraceEvent[]} traceEvents the whole trace
 * @param {number} fromMs only tasks starting this long after navigation (the first contentful paint)
 * @returns {{ blocking: Record<string, number>, tasks: { at: number, dur: number, causes: Record<string, number> }[] }}
 */
export function longTaskCauses(traceEvents, fromMs) {
  const mainThread = traceEvents.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      traceEvents.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'ParseHTML'),
  );
  if (!mainThread) throw new Error('the trace has no renderer main thread that parsed HTML');
  const onMain = traceEvents.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid);
  const complete = onMain.filter((e) => e.ph === 'X' && e.dur);
  const nav = onMain.find((e) => e.name === 'navigationStart')?.ts ?? complete[0]?.ts ?? 0;
  // Our measures come as async begin/end pairs ('b'/'e') on any thread of the renderer.
  const measures = traceEvents
    .filter((e) => e.pid === mainThread.pid && MEASURE_CAUSES.has(e.name) && (e.ph === 'b' || e.ph === 'e'))
    .sort((a, b) => a.ts - b.ts);
  /** @type {{ from: number, to: number, cause: string }[]} */
  const spans = [];
  for (let i = 0; i + 1 < measures.length; i += 2) {
    const [b, end] = [measures[i], measures[i + 1]];
    if (b && end) spans.push({ from: b.ts, to: end.ts, cause: /** @type {string} */ (MEASURE_CAUSES.get(b.name)) });
  }
  /** @type {Record<string, number>} */
  const blocking = {};
  const tasks = [];
  for (const task of complete.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)) {
    const at = (task.ts - nav) / 1000;
    if (at < fromMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    /** @type {Record<string, number>} */
    const causes = {};
    /** Shares out `e`'s time: a span of ours, a known cause, or its own children's causes. */
    const attribute = (/** @type {TraceEvent} */ e, /** @type {number} */ depth) => {
      const span = spans.find((s) => s.from >= e.ts && s.to <= e.ts + (e.dur ?? 0));
      const known = span && depth > 0 ? span.cause : causeOf(e);
      if (known || depth > 6) {
        const k = known ?? 'other';
        causes[k] = (causes[k] ?? 0) + (e.dur ?? 0) / 1000;
        return;
      }
      const eEnd = e.ts + (e.dur ?? 0);
      const children = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + (c.dur ?? 0) <= eEnd);
      const direct = children.filter(
        (c) =>
          !children.some(
            (p) => p !== c && p.ts <= c.ts && p.ts + (p.dur ?? 0) >= c.ts + (c.dur ?? 0) && (p.dur ?? 0) > (c.dur ?? 0),
          ),
      );
      let covered = 0;
      for (const c of direct) {
        attribute(c, depth + 1);
        covered += (c.dur ?? 0) / 1000;
      }
      const rest = (e.dur ?? 0) / 1000 - covered;
      if (rest > 0) causes.other = (causes.other ?? 0) + rest;
    };
    attribute(task, 0);
    const dur = (task.dur ?? 0) / 1000;
    const total = Object.values(causes).reduce((s, v) => s + v, 0) || 1;
    for (const [k, v] of Object.entries(causes)) blocking[k] = (blocking[k] ?? 0) + ((dur - 50) * v) / total;
    tasks.push({ at, dur, causes });
  }
  return { blocking, tasks };
}
