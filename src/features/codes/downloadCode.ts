import { renderExport, saveBlob } from '../../qr-ui/index.ts';
import { codeRequest, downloadName, type SavedCode } from './codeModel.ts';

export type CodeFormat = 'png' | 'svg' | 'pdf' | 'eps';

export const CODE_FORMATS: readonly { value: CodeFormat; label: string }[] = [
  { value: 'png', label: 'PNG (1000×1000)' },
  { value: 'svg', label: 'SVG (vector)' },
  { value: 'pdf', label: 'PDF (vector)' },
  { value: 'eps', label: 'EPS (vector)' },
];

/** Renders a saved code in the worker, exactly as the generator would, and saves it as `<name>.<format>`. */
export async function downloadSavedCode(code: SavedCode, format: CodeFormat, signal?: AbortSignal): Promise<void> {
  const blob = await renderExport(format, codeRequest(code), signal);
  saveBlob(blob, downloadName(code.name, format));
}
