import { useState } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { DownloadIcon } from '../../components/icons.tsx';
import { toaster } from '../../components/toaster.ts';
import { describeQrError } from '../../qr-ui/index.ts';
import type { SavedCode } from './codeModel.ts';
import { CODE_FORMATS, downloadSavedCode, type CodeFormat } from './downloadCode.ts';

/** Download a saved code as PNG, SVG, PDF or EPS (rendered by the worker). */
export function DownloadCodeMenu({ code }: { code: SavedCode }) {
  const [busy, setBusy] = useState(false);
  const download = async (format: CodeFormat) => {
    setBusy(true);
    try {
      await downloadSavedCode(code, format);
      toaster.create({
        title: 'Downloaded!',
        description: `“${code.name}” was downloaded as ${format.toUpperCase()}`,
        type: 'success',
        closable: true,
      });
    } catch (error) {
      toaster.create({
        title: 'Download failed',
        description: describeQrError(error),
        type: 'error',
        closable: true,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root onSelect={(e) => void download(e.value as CodeFormat)}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Download ${code.name}`} variant="ghost" size="sm" loading={busy}>
          <DownloadIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {CODE_FORMATS.map((f) => (
              <Menu.Item key={f.value} value={f.value}>
                {f.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
