/**
 * The print window's document: the vector SVG at its physical size (CSS mm), titled for printing, printing itself
 * once loaded. Built in the worker and opened by the page from a Blob URL, so the page does no work for it.
 */
const PRINT_WINDOW_TITLE = 'Print QR Code';

export function printPageHtml(svg: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<title>${PRINT_WINDOW_TITLE}</title>` +
    '<style>@page{margin:10mm}html,body{margin:0;background:#fff}svg{display:block;margin:0 auto}</style>' +
    `</head><body>${svg}<script>addEventListener('load',function(){print()})</script></body></html>`
  );
}
