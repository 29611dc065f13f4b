import { renderExport, saveBlob } from '../../qr-ui/index.ts';
import { getQrClient } from '../../worker-client/index.ts';
import { loadCodeLogo } from './codeLogo.ts';
import { codeRequest, downloadName, type SavedCode } from './codeModel.ts';

export type CodeFormat = 'png' | 'svg' | 'pdf' | 'eps';

export const CODE_FORMATS: readonly { value: CodeFormat; label: string }[] = [
  { value: 'png', label: 'PNG (1000×1000)' },
  { value: 'svg', label: 'SVG (vector)' },
  { value: 'pdf', label: 'PDF (vector)' },
  { value: 'eps', label: 'EPS (vector)' },
];

/**
 * Renders a saved code in the worker, exactly as the generator would (its stored logo included), and saves it as
 * `<name>.<format>`.
 */
export async function downloadSavedCode(code: SavedCode, format: CodeFormat, signal?: AbortSignal): Promise<void> {
  const request = codeRequest(code);
  const logo = await loadCodeLogo(code.id, signal);
  if (!logo) {
    saveBlob(await renderExport(format, request, signal), downloadName(code.name, format));
    return;
  }
  const client = getQrClient();
  const logoId = `saved-code-${code.id}`;
  await client.putLogo(logo, logoId, { signal });
  try {
    const blob = await renderExport(format, { ...request, style: { ...request.style, logoId } }, signal);
    saveBlob(blob, downloadName(code.name, format));
  } finally {
    // The worker keeps logos until dropped: this one served its download.
    void client.dropLogo(logoId).catch(() => undefined);
  }
}
