/// <reference lib="webworker" />
/** The CSV worker: parses bulk-creation spreadsheets with papaparse, off the main thread (comlink). */
import { expose } from 'comlink';
import type { CsvWorkerApi } from './csvContract.ts';
import { parseBulkCsv } from './csvParse.ts';

expose({ parse: parseBulkCsv } satisfies CsvWorkerApi);
