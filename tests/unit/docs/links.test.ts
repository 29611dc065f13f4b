// Every relative link in the README, docs/ and the folder READMEs points at a file that exists, and a `#fragment`
// into a Markdown file names one of its headings (GitHub's anchor rule: lower case, punctuation dropped, spaces
// to hyphens, repeats numbered).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-e2e', 'test-results', 'playwright-report', '.data']);

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('dist-')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...markdownFiles(path));
    else if (name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** The files whose links we own: README.md, docs/, and every README.md below the root (bench-results excluded). */
function ownedDocs(): string[] {
  return markdownFiles(root).filter((f) => {
    const rel = relative(root, f);
    return (
      rel === 'README.md' ||
      rel.startsWith('docs/') ||
      (rel.endsWith('/README.md') && !rel.startsWith('bench-results/'))
    );
  });
}

export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Inline links and images `[text](target)` outside code fences and code spans. */
export function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const text = line.replace(/`[^`]*`/g, '');
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push(target);
    }
  }
  return links;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  const text = readFileSync(file, 'utf8');
  for (const link of relativeLinks(text)) {
    const [pathPart = '', fragment] = link.split('#', 2);
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)}: ${link}`;
    if (!existsSync(target)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (fragment && target.endsWith('.md') && !headingAnchors(readFileSync(target, 'utf8')).has(fragment))
      broken.push(`${where} (no heading #${fragment})`);
  }
  return broken;
}

test('the checker finds a missing file and a missing heading', () => {
  expect(relativeLinks('see [a](docs/nowhere.md) and `[b](skip.md)` and [c](https://x.y)')).toEqual([
    'docs/nowhere.md',
  ]);
  expect(headingAnchors('# Export formats\n## Print setup (PDF)\n## Print setup (PDF)')).toEqual(
    new Set(['export-formats', 'print-setup-pdf', 'print-setup-pdf-1']),
  );
});

test('every relative link in README.md, docs/ and the folder READMEs resolves', () => {
  const files = ownedDocs();
  expect(files.map((f) => relative(root, f))).toContain('README.md');
  const broken = files.flatMap(brokenLinks);
  expect(broken, broken.join('\n')).toEqual([]);
});
