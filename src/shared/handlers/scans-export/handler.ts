// The scans export as a plain Fetch handler, runtime-neutral like the redirect (../redirect.ts): the local
// server serves it at /functions/v1/scans-export (server/export/), and supabase/functions/scans-export runs it
// as an Edge Function. What differs per runtime is how a token becomes a session that reads as that user.
//
// Memory stays flat whatever the row count: the body is a pull-based ReadableStream. Each pull reads one page
// of one code's scans by keyset ((scanned_at, id) after the last row sent), so every page is an index range
// scan, and turns it into one CSV chunk. The stream pulls again only when its queue is empty, i.e. when the
// client has taken the previous chunk: a slow download slows the reading down instead of filling memory.
// Rows come code by code (oldest code first), each code's scans in time order.
import { csvRecord } from './csv.ts';
import { feedbackExport } from './feedback.ts';
import { parseExportRequest } from './request.ts';
import { ExportError } from './exportError.ts';
import type { ExportCode, ExportScan, ExportSession, ScanCursor } from '../../scans/exportSource.ts';

export const CSV_COLUMNS = [
  'scanned_at',
  'code_name',
  'slug',
  'country',
  'device_type',
  'os',
  'browser',
  'unique',
] as const;

export interface ScansExportDeps {
  /** A session reading as the token's user; throws ExportError(401) for a missing, invalid or expired token. */
  openSession(accessToken: string, request: Request): Promise<ExportSession>;
  /** Rows per page (the Data API's max rows on Supabase: 1000). */
  pageSize: number;
  /** Unexpected failures: before the first byte the client gets a 500, afterwards the download is cut. */
  onError?(err: unknown): void;
}

function scanRecord(code: ExportCode, scan: ExportScan): string {
  return csvRecord([
    scan.scannedAt,
    code.name,
    code.slug,
    scan.country,
    scan.deviceType,
    scan.os,
    scan.browser,
    scan.isUnique,
  ]);
}

/** `YYYY-MM-DD` of an instant in a zone. */
function dayIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** qrcraft-scans-<slug or all>-<first day>-<last day>.csv, the days in the page's zone (the range is half-open). */
export function exportFileName(code: ExportCode | null, from: string, to: string, timeZone: string): string {
  const first = dayIn(Date.parse(from), timeZone);
  const last = dayIn(Date.parse(to) - 1, timeZone);
  return `qrcraft-scans-${code ? code.slug : 'all'}-${first}-${last}.csv`;
}

function jsonError(err: ExportError): Response {
  return new Response(JSON.stringify({ code: err.code, message: err.message }), {
    status: err.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...err.headers },
  });
}

/** The CSV body: the header row, then page after page, read only when the consumer wants more. */
function csvStream(
  session: ExportSession,
  codes: ExportCode[],
  range: { from: string; to: string },
  pageSize: number,
  onError: (err: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  let after: ScanCursor | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvRecord(CSV_COLUMNS)));
      },
      async pull(controller) {
        try {
          // Empty pages (a code without more scans) move on to the next code until one yields rows or all are done.
          while (index < codes.length) {
            const code = codes[index]!;
            const page = await session.scans(code.id, range, after, pageSize);
            const last = page[page.length - 1];
            if (last === undefined) {
              // Only an empty page ends a code: a short one may just be a Data API row cap below pageSize.
              index += 1;
              after = null;
              continue;
            }
            after = { scannedAt: last.scannedAt, id: last.id };
            controller.enqueue(encoder.encode(page.map((scan) => scanRecord(code, scan)).join('')));
            return;
          }
          session.release?.();
          controller.close();
        } catch (err) {
          session.release?.();
          onError(err);
          controller.error(err);
        }
      },
      cancel() {
        // The client went away: stop reading (no further pull happens).
        index = codes.length;
        session.release?.();
      },
    },
    { highWaterMark: 1 },
  );
}

export function createScansExportHandler(deps: ScansExportDeps): (request: Request) => Promise<Response> {
  const onError = deps.onError ?? (() => undefined);
  return async (request) => {
    try {
      const input = await parseExportRequest(request);
      const session = await deps.openSession(input.accessToken, request);
      if (input.kind === 'feedback') return await feedbackExport(session, input.codeId, deps.pageSize, onError);
      let codes: ExportCode[];
      try {
        codes = await session.codes(input.codeId);
        if (input.codeId !== null && codes.length === 0) {
          throw new ExportError(404, 'code_not_found', 'No QR code with that id in your account');
        }
      } catch (err) {
        // No body will be streamed: the session's place in the caller's heavy work is given back now.
        session.release?.();
        throw err;
      }
      const name = exportFileName(input.codeId ? codes[0]! : null, input.range.from, input.range.to, input.timeZone);
      return new Response(csvStream(session, codes, input.range, deps.pageSize, onError), {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8; header=present',
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (err) {
      if (err instanceof ExportError) return jsonError(err);
      onError(err);
      return new Response(JSON.stringify({ code: 'unexpected_failure', message: 'The export failed' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
  };
}
