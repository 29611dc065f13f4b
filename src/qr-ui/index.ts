/**
 * Page-side QR helpers shared by the generator and the saved-codes list: the design options' labels, export
 * formats and downloads, the wording of QR errors, the colour-contrast warning, and what kind of content a
 * request carries. They reach the worker only through src/worker-client.
 */
export { colorWarning } from './colorContrast.ts';
export { contentKind, storedContentKind } from './contentKind.ts';
export { describeQrError } from './describeQrError.ts';
export { qrRequest, type QrDesign } from './request.ts';
export {
  BUILT_IN_TEMPLATES,
  COLOR_PRESETS,
  ECL_OPTIONS,
  EYE_SHAPE_OPTIONS,
  FRAME_OPTIONS,
  GRADIENT_OPTIONS,
  IMAGE_SIZES,
  LOGO_ACCEPT,
  SAFE_MARGIN,
  SHAPE_OPTIONS,
  type BuiltInTemplate,
  type TemplateDesign,
} from './designOptions.ts';
export {
  fileName,
  formatName,
  formatOptions,
  isRasterFormat,
  openPrintWindow,
  preparePrintWindow,
  renderExport,
  saveBlob,
  type ExportFormat,
  type PreparedPrint,
} from './exportFormats.ts';
