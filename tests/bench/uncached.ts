import type { QrRequest } from '../../workers/contract.ts';

/**
 * The QR service keeps its last PNG (a download right after the same download is free), so a timed PNG call gets
 * a request of its own, with a field the renderer ignores: every call draws and encodes.
 */
let calls = 0;
export const uncached = (req: QrRequest): QrRequest => ({ ...req, benchCall: ++calls }) as QrRequest;
