// A feedback page's answers for its owner (issue 33): the figures from public.feedback_summary and one page of
// answers, newest first, from public.feedback_responses. Row-level security decides what is read: another user's
// code reads as no answers. The CSV is the scans export's `kind=feedback` (docs/hosted-pages.md).
import type { SupabaseClient } from '@supabase/supabase-js';
import { abortable, supabaseCall, supabasePage } from '../../lib/supabaseCall.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { serverUrl } from '../../lib/supabaseConfig.ts';
import { toCount } from './format.ts';

/** Answers a page of the list shows. */
export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackSummary {
  responses: number;
  /** Null without answers. */
  averageRating: number | null;
  /** How many answers gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star). */
  distribution: [number, number, number, number, number];
}

export interface FeedbackAnswerRow {
  id: string;
  submittedAt: string;
  rating: number;
  choice: string | null;
  comment: string | null;
  email: string | null;
}

export interface FeedbackView {
  codeId: string;
  /** False when the code is not (or no longer) a feedback page: nothing to show. */
  isFeedback: boolean;
  summary: FeedbackSummary;
  answers: FeedbackAnswerRow[];
}

type Row = Record<string, unknown>;

export async function fetchFeedback(
  client: SupabaseClient,
  codeId: string,
  page: number,
  signal?: AbortSignal,
): Promise<FeedbackView> {
  const from = page * FEEDBACK_PAGE_SIZE;
  const [codes, summaries, answers] = await Promise.all([
    supabaseCall<Row[]>(abortable(client.from('qr_codes').select('page').eq('id', codeId), signal), {
      what: 'the code',
      ifNull: [],
    }),
    supabaseCall<Row[]>(abortable(client.rpc('feedback_summary', { p_code_id: codeId }), signal), {
      what: 'the feedback figures',
      ifNull: [],
    }),
    supabasePage<Row[]>(
      abortable(
        client
          .from('feedback_responses')
          .select('id, submitted_at, rating, choice_label, comment, email')
          .eq('qr_code_id', codeId)
          .order('id', { ascending: false })
          .range(from, from + FEEDBACK_PAGE_SIZE - 1),
        signal,
      ),
    ),
  ]);
  const page0 = codes[0]?.page as { type?: unknown } | null | undefined;
  const s = summaries[0] ?? {};
  const responses = toCount(s.responses);
  return {
    codeId,
    isFeedback: page0?.type === 'feedback',
    summary: {
      responses,
      averageRating: responses > 0 ? Number(s.average_rating) : null,
      distribution: [toCount(s.r1), toCount(s.r2), toCount(s.r3), toCount(s.r4), toCount(s.r5)],
    },
    answers: answers.rows.map((r) => ({
      id: String(r.id),
      submittedAt: String(r.submitted_at),
      rating: Number(r.rating),
      choice: (r.choice_label as string | null) ?? null,
      comment: (r.comment as string | null) ?? null,
      email: (r.email as string | null) ?? null,
    })),
  };
}

/** The CSV of a feedback page's answers: a form POST to the export, like the scans' (ExportScansButton). */
export async function feedbackExportForm(
  codeId: string,
): Promise<{ action: string; fields: Record<string, string> } | null> {
  const { data, error } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (error || !token) return null;
  return {
    action: serverUrl('/functions/v1/scans-export'),
    fields: { access_token: token, kind: 'feedback', code: codeId },
  };
}
