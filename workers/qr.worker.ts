/// <reference lib="webworker" />
/** The QR worker: exposes the service with comlink. Previews come back with their ImageBitmap transferred. */
import { expose } from 'comlink';
import type { QrWorkerApi } from './contract.ts';
import { createWorkerApi } from './service.ts';

expose(createWorkerApi({}) satisfies QrWorkerApi);
