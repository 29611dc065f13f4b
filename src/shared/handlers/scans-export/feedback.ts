// The export of a feedback page's answers (issue 33): `kind=feedback&code=<id>` to the scans export's endpoint, so
// it shares its sign-in, rate limits and per-user budget of heavy work on both runtimes. All the answers, newest
// first, streamed like the scans: one page of rows (keyset on the id) per pull, read only when the client has taken
// the chunk before. Row-level security decides: another user's code reads as not found.
import { csvRecord } from './csv.ts';
import { ExportError } from './exportError.ts';
import type { ExportFeedback, ExportSession } from '../../scans/exportSource.ts';

export const FEEDBACK_CSV_COLUMNS = ['submitted_at', 'rating', 'choice', 'comment', 'email'] as const;

const record = (r: ExportFeedback) => csvRecord([r.submittedAt, r.rating, r.choice, r.comment, r.email]);

export async function feedbackExport(
  session: ExportSession,
  codeId: string,
  pageSize: number,
  onError: (err: unknown) => void,
): Promise<Response> {
  let codes;
  try {
    codes = await session.codes(codeId);
  } catch (err) {
    session.release?.();
    throw err;
  }
  const code = codes[0];
  if (code === undefined) {
    session.release?.();
    throw new ExportError(404, 'code_not_found', 'No QR code with that id in your account');
  }
  const encoder = new TextEncoder();
  let before: string | null = null;
  let done = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvRecord(FEEDBACK_CSV_COLUMNS)));
      },
      async pull(controller) {
        try {
          const rows = done ? [] : await session.feedback(code.id, before, pageSize);
          const last = rows[rows.length - 1];
          if (last === undefined) {
            session.release?.();
            controller.close();
            return;
          }
          before = last.id;
          controller.enqueue(encoder.encode(rows.map(record).join('')));
        } catch (err) {
          session.release?.();
          onError(err);
          controller.error(err);
        }
      },
      cancel() {
        done = true;
        session.release?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="qrcraft-feedback-${code.slug}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
