import { useRef, useState } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { showToast } from '../auth/showToast.ts';
import { scansExportForm } from './analyticsApi.ts';
import type { DayRange } from './dateRange.ts';

const FRAME_NAME = 'qrcraft-scans-export';

/**
 * "Export CSV" of the period's scans (one code or all) from `/functions/v1/scans-export` (docs/server.md,
 * "Scans export"). A hidden form POST carries the access token (a download cannot set an Authorization header)
 * into a hidden iframe: the server answers with `Content-Disposition: attachment`, so the browser streams the file
 * to disk and the page never holds it, however many scans there are. A download does not load the iframe; an
 * error answer does, which is how a refusal is noticed (its text is cross-origin, so the message is generic).
 */
export function ExportScansButton({
  range,
  codeId,
  timeZone,
}: {
  range: DayRange;
  codeId: string | null;
  timeZone: string;
}) {
  const [starting, setStarting] = useState(false);
  // True between a submission and either the next click or the iframe's load (= an error page, not a file).
  const awaitingAnswer = useRef(false);

  const start = async () => {
    setStarting(true);
    try {
      const request = await scansExportForm(range, codeId, timeZone);
      if (!request) {
        showToast({ title: 'Sign in again to export your scans', description: 'Your session has ended.' }, 'error');
        return;
      }
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = request.action;
      form.target = FRAME_NAME;
      form.hidden = true;
      for (const [name, value] of Object.entries(request.fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      awaitingAnswer.current = true;
      form.submit();
      form.remove();
      showToast(
        { title: 'Your CSV download has started', description: 'The file is saved by your browser as it arrives.' },
        'info',
      );
    } finally {
      setStarting(false);
    }
  };

  return (
    <Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        loading={starting}
        loadingText="Preparing…"
        onClick={() => void start()}
      >
        Export CSV
      </Button>
      <iframe
        name={FRAME_NAME}
        title="Scans export download"
        hidden
        onLoad={() => {
          if (!awaitingAnswer.current) return;
          awaitingAnswer.current = false;
          showToast(
            { title: 'The export failed', description: 'Check the period and try again, or sign in again.' },
            'error',
          );
        }}
      />
    </Box>
  );
}
