// What vitest.config.ts and tests/scan-safety/vitest.config.ts hand to the tests (`provide`), read with `inject`.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DEBUG_TESTS=1: tests print what they measure besides asserting it (tests/helpers/debug.ts). */
    debugTests: boolean;
    /** 'full' (RENDER_MATRIX=full, `npm run bench:render-matrix`) or 'sample' (`npm test`). */
    renderMatrix: string;
    /** The server project's migrated databases, which test stores copy (tests/server/global-setup.ts). */
    serverTemplates: { pgliteDir: string; postgresName: string };
    scanSafetyFilter: string;
    scanSafetyPhone: boolean;
    /** Run only the first this many slices (0: all). */
    scanSafetySlices: number;
  }
}
