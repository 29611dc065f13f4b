import { useCallback, useRef, useState } from 'react';
import type { QrDesign } from '../../qr-ui/index.ts';
import { parseCsvInWorker } from '../../worker-client/csv.ts';
import { checkCapacity } from './checkCapacity.ts';
import { checkRow, type CheckedRow } from './rowCheck.ts';

export type RowCheckState =
  | { status: 'empty' }
  | { status: 'checking'; source: string }
  | { status: 'failed'; source: string; message: string }
  | {
      status: 'checked';
      /** Counts the checks made on this page: what was chosen for one check's rows does not carry to the next. */
      id: number;
      source: string;
      rows: CheckedRow[];
      bad: CheckedRow[];
      unusedColumns: string[];
      /** The design the rows were checked against: a later change needs a new check. */
      design: QrDesign;
    };

/** Parse (CSV worker) → row checks (here) → capacity (QR worker); the newest input wins. */
export function useRowCheck() {
  const [state, setState] = useState<RowCheckState>({ status: 'empty' });
  const current = useRef<AbortController | null>(null);
  const checks = useRef(0);
  const lastInput = useRef<{ input: File | string; source: string } | null>(null);

  const check = useCallback(async (input: File | string, source: string, design: QrDesign) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    lastInput.current = { input, source };
    setState({ status: 'checking', source });
    try {
      const parsed = await parseCsvInWorker(input, controller.signal);
      if (parsed.fileProblem) {
        setState({ status: 'failed', source, message: parsed.fileProblem });
        return;
      }
      const rows = parsed.rows.map((raw, i) => checkRow(raw, i + 2, design));
      for (const problem of parsed.rowProblems) {
        const row = rows[problem.row - 2];
        if (row) row.problems.unshift(problem.message);
      }
      await checkCapacity(rows, controller.signal);
      if (controller.signal.aborted) return;
      const bad = rows.filter((r) => r.problems.length > 0);
      setState({
        status: 'checked',
        id: ++checks.current,
        source,
        rows,
        bad,
        unusedColumns: parsed.unusedColumns,
        design,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'failed', source, message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  /** Checks the last input again (after a design change). */
  const recheck = useCallback(
    (design: QrDesign) => {
      if (lastInput.current) void check(lastInput.current.input, lastInput.current.source, design);
    },
    [check],
  );

  return { state, check, recheck };
}
