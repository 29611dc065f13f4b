import { scansExportForm } from './analyticsApi.ts';
import type { DayRange } from './dateRange.ts';
import { FormDownloadButton } from './FormDownloadButton.tsx';

/** "Export CSV" of the period's scans (one code or all) from `/functions/v1/scans-export`. */
export function ExportScansButton({
  range,
  codeId,
  timeZone,
}: {
  range: DayRange;
  codeId: string | null;
  timeZone: string;
}) {
  return (
    <FormDownloadButton
      label="Export CSV"
      frameName="qrcraft-scans-export"
      frameTitle="Scans export download"
      makeForm={() => scansExportForm(range, codeId, timeZone)}
      signInAgain="Sign in again to export your scans"
      failed="Check the period and try again, or sign in again."
    />
  );
}
