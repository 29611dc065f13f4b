/**
 * Turns design results into the harness report: read / total per shape, frame, logo, level, content, format,
 * resolution, decoder and degradation, and the list of failing combinations (which decoders failed where).
 */
import type { Check, DesignResult } from './checkDesign.ts';
import { designKey, type Design } from './matrix.ts';

interface Count {
  read: number;
  total: number;
}

const DIMENSIONS = [
  'shape',
  'frame',
  'logo',
  'level',
  'content',
  'format',
  'resolution',
  'decoder',
  'degradation',
] as const;
type Dimension = (typeof DIMENSIONS)[number];

function valueOf(dim: Dimension, d: Design, c: Check): string {
  switch (dim) {
    case 'shape':
    case 'frame':
    case 'logo':
    case 'level':
    case 'content':
      return d[dim];
    case 'format':
      return c.format;
    case 'resolution':
      return `${c.format} ${c.resolution}`;
    case 'decoder':
      return c.decoder;
    case 'degradation':
      return c.degradation;
  }
}

export interface Failure {
  design: string;
  format: string;
  resolution: string;
  degradation: string;
  /** The decoders that did not read the exact content. */
  failed: string[];
}

export interface ScanSafetyReport {
  generatedAt: string;
  /** Seconds the run took, and what it covered. */
  seconds: number;
  designs: number;
  checks: number;
  read: number;
  /** Clean exports and phone-photo copies counted apart: the issue's two targets. */
  byPass: Record<'clean' | 'phonePhoto', Count>;
  /** Per dimension, per value (clean and degraded together; `degradation` tells them apart). */
  counts: Record<Dimension, Record<string, Count>>;
  /** Per degradation, per shape: the issue's "counts per shape and degradation". */
  shapeByDegradation: Record<string, Record<string, Count>>;
  adjustments: Record<string, string[]>;
  failures: Failure[];
}

function add(map: Record<string, Count>, key: string, ok: boolean): void {
  const c = (map[key] ??= { read: 0, total: 0 });
  c.total++;
  if (ok) c.read++;
}

export function buildReport(results: DesignResult[], seconds: number): ScanSafetyReport {
  const counts = Object.fromEntries(DIMENSIONS.map((d) => [d, {}])) as Record<Dimension, Record<string, Count>>;
  const byPass: ScanSafetyReport['byPass'] = { clean: { read: 0, total: 0 }, phonePhoto: { read: 0, total: 0 } };
  const shapeByDegradation: Record<string, Record<string, Count>> = {};
  const adjustments: Record<string, string[]> = {};
  const failures: Failure[] = [];
  let checks = 0;
  let read = 0;
  for (const r of results) {
    const key = designKey(r.design);
    if (r.adjustments.length) adjustments[key] = r.adjustments;
    const failing = new Map<string, Failure>();
    for (const c of r.checks) {
      checks++;
      if (c.ok) read++;
      add(byPass, c.degradation === 'clean' ? 'clean' : 'phonePhoto', c.ok);
      for (const dim of DIMENSIONS) add(counts[dim], valueOf(dim, r.design, c), c.ok);
      add((shapeByDegradation[c.degradation] ??= {}), r.design.shape, c.ok);
      if (!c.ok) {
        const where = `${c.format}|${c.resolution}|${c.degradation}`;
        let f = failing.get(where);
        if (!f) {
          f = { design: key, format: c.format, resolution: c.resolution, degradation: c.degradation, failed: [] };
          failing.set(where, f);
        }
        f.failed.push(c.decoder);
      }
    }
    failures.push(...failing.values());
  }
  return {
    generatedAt: new Date().toISOString(),
    seconds: Math.round(seconds),
    designs: results.length,
    checks,
    read,
    byPass,
    counts,
    shapeByDegradation,
    adjustments,
    failures,
  };
}

const pct = (c: Count) => `${c.read} / ${c.total} (${((100 * c.read) / Math.max(1, c.total)).toFixed(1)} %)`;

function table(title: string, map: Record<string, Count>): string {
  const rows = Object.entries(map).map(([k, c]) => `| ${k} | ${pct(c)} |`);
  return [`### ${title}`, '', '| value | read / total |', '| --- | --- |', ...rows, ''].join('\n');
}

export function reportMarkdown(r: ScanSafetyReport): string {
  const degradations = Object.keys(r.shapeByDegradation);
  const shapes = Object.keys(r.counts.shape);
  const grid = [
    `| shape | ${degradations.join(' | ')} |`,
    `| --- | ${degradations.map(() => '---').join(' | ')} |`,
    ...shapes.map(
      (s) =>
        `| ${s} | ${degradations
          .map((d) => {
            const c = r.shapeByDegradation[d]?.[s];
            return c ? `${c.read}/${c.total}` : '-';
          })
          .join(' | ')} |`,
    ),
  ];
  const failures = r.failures.map(
    (f) => `| ${f.design} | ${f.format} ${f.resolution} | ${f.degradation} | ${f.failed.join(', ')} |`,
  );
  return [
    '# Scan-safety harness',
    '',
    `Generated ${r.generatedAt} by \`npm run bench:scan-safety\` (docs/scan-safety.md) in ${r.seconds} s:`,
    `${r.designs} designs, ${r.checks} decoder reads, ${pct({ read: r.read, total: r.checks })} exact.`,
    '',
    `- Clean exports: ${pct(r.byPass.clean)}`,
    `- Phone-photo copies: ${pct(r.byPass.phonePhoto)}`,
    '',
    '## Per shape and degradation (reads)',
    '',
    ...grid,
    '',
    '## Counts',
    '',
    ...(Object.keys(r.counts) as Dimension[]).map((d) => table(d, r.counts[d])),
    `## Failing combinations (${r.failures.length})`,
    '',
    'design = shape/frame/logo/level/content; the decoders listed did not read the exact content.',
    '',
    '| design | export | degradation | failed |',
    '| --- | --- | --- | --- |',
    ...failures,
    '',
  ].join('\n');
}
