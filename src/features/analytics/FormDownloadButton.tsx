import { useRef, useState } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { showToast } from '../auth/showToast.ts';

export interface DownloadForm {
  action: string;
  fields: Record<string, string>;
}

interface FormDownloadButtonProps {
  label: string;
  /** The hidden iframe's name (one per kind of download on a page). */
  frameName: string;
  frameTitle: string;
  /** The form to post; null when no session is left to send (the user is told to sign in again). */
  makeForm: () => Promise<DownloadForm | null>;
  signInAgain: string;
  failed: string;
}

/**
 * A CSV export as a download (docs/server.md, "Scans export"). A hidden form POST carries the access token (a
 * download cannot set an Authorization header) into a hidden iframe: the server answers with
 * `Content-Disposition: attachment`, so the browser streams the file to disk and the page never holds it, however
 * many rows there are. A download does not load the iframe; an error answer does, which is how a refusal is
 * noticed (its text is cross-origin, so the message is generic).
 */
export function FormDownloadButton({
  label,
  frameName,
  frameTitle,
  makeForm,
  signInAgain,
  failed,
}: FormDownloadButtonProps) {
  const [starting, setStarting] = useState(false);
  // True between a submission and either the next click or the iframe's load (= an error page, not a file).
  const awaitingAnswer = useRef(false);

  const start = async () => {
    setStarting(true);
    try {
      const request = await makeForm();
      if (!request) {
        showToast({ title: signInAgain, description: 'Your session has ended.' }, 'error');
        return;
      }
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = request.action;
      form.target = frameName;
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
        {label}
      </Button>
      <iframe
        name={frameName}
        title={frameTitle}
        hidden
        onLoad={() => {
          if (!awaitingAnswer.current) return;
          awaitingAnswer.current = false;
          showToast({ title: 'The export failed', description: failed }, 'error');
        }}
      />
    </Box>
  );
}
