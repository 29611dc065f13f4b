import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { whenIdle } from '../../lib/whenIdle.ts';
import { SAVE_PROMPT_DELAY_MS } from './DownloadBar.tsx';

type SavePromptComponent = typeof import('./SavePromptDialog.tsx').default;

/** What the generator tells the prompt: a code exists (load the dialog's code), a download happened (open it). */
export interface SavePromptHandle {
  /** A preview is on screen (called per painted frame): load the dialog's code in idle time, once. */
  prepare: () => void;
  downloaded: () => void;
}

/**
 * /create's "Love your QR code? Save it!" prompt for signed-out visitors (spec §4), with its state of its own: a
 * download re-renders this component only, not the whole generator (that render was a long task on the first
 * download).
 */
export function SavePrompt({ ref, signedIn }: { ref: Ref<SavePromptHandle>; signedIn: boolean }) {
  // The dialog machine and focus trap load once a download makes the prompt due, never for first paint. Plain
  // state rather than React.lazy: it is mounted (closed) during the delay, so opening it is a single render.
  const [Dialog, setDialog] = useState<SavePromptComponent | null>(null);
  const [due, setDue] = useState(0);
  const [open, setOpen] = useState(false);
  // "Maybe Later" means not again on this visit: the prompt does not come back after every download.
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => setOpen(true), SAVE_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const loading = useRef(false);
  const load = () => {
    import('./SavePromptDialog.tsx').then(
      (m) => setDialog(() => m.default),
      // The prompt is an extra: if its code cannot load, the visitor simply does not see it.
      () => undefined,
    );
  };

  useImperativeHandle(ref, () => ({
    // In idle time once there is a code to download: the first download then has no module to fetch and run.
    prepare: () => {
      if (signedIn || Dialog || loading.current) return;
      loading.current = true;
      whenIdle(load);
    },
    downloaded: () => {
      if (signedIn || dismissed) return;
      setDue((n) => n + 1);
      if (!Dialog) load();
    },
  }));

  if (!Dialog) return null;
  return (
    <Dialog
      open={open && !signedIn}
      onClose={() => {
        setOpen(false);
        setDismissed(true);
      }}
    />
  );
}
