/**
 * qpdf's structural check (Debian package qpdf) on a PDF a test made: cross-reference table, object syntax and
 * every stream's encoding. Each place where the suites rasterise or inspect a PDF passes it through here first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Throws with qpdf's report unless `qpdf --check` finds neither errors (exit 2) nor warnings (exit 3). */
export function qpdfCheckFile(file: string): void {
  try {
    execFileSync('qpdf', ['--check', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(
      `qpdf --check (exit ${e.status ?? '?'}) on ${file}:\n${e.stdout ?? ''}${e.stderr ?? String(error)}`,
      { cause: error },
    );
  }
}

export function qpdfCheck(pdf: Uint8Array): void {
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-qpdf-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    qpdfCheckFile(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
