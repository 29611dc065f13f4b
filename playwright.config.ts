import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT_OFFSET (0–99) lets two runs share a machine (each gets its own ports and build folder). Each of the
// run's ports is its own base + the offset, and the bases are at least 100 apart, so no offset reaches another's port.
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(PORT_OFFSET) || PORT_OFFSET < 0 || PORT_OFFSET > 99) {
  throw new Error(`E2E_PORT_OFFSET must be an integer from 0 to 99, got "${process.env.E2E_PORT_OFFSET}"`);
}
const INBOX_PORT = 55024 + PORT_OFFSET;
const PREVIEW_PORT = 4173 + PORT_OFFSET;
// Never dist/: that is `npm start`'s build (for its own backend), reused while its build stamp matches.
export const E2E_OUT_DIR = PORT_OFFSET ? `dist-e2e-${PORT_OFFSET}` : 'dist-e2e';
// The e2e run gets its own auth server (fresh database, its own port) so it never touches `npm start`'s data.
export const E2E_AUTH_PORT = 54329 + PORT_OFFSET;
export const E2E_AUTH_URL = `http://127.0.0.1:${E2E_AUTH_PORT}`;
// The auth server's mail goes to a local inbox of the run's own (server/mail/main.ts); specs read it over HTTP.
const E2E_SMTP_PORT = 56025 + PORT_OFFSET;
export const E2E_INBOX_URL = `http://127.0.0.1:${INBOX_PORT}`;
// A second auth server with confirmation required (AUTH_AUTOCONFIRM=false); e2e/auth-recovery.spec.ts routes the
// app's auth requests to it for the confirmation-mail flow.
const CONFIRM_AUTH_PORT = 57029 + PORT_OFFSET;
export const E2E_CONFIRM_AUTH_URL = `http://127.0.0.1:${CONFIRM_AUTH_PORT}`;
// Short enough that auth-js refreshes within a test run (it refreshes when < 90 s remain), long enough
// (> 120 s, contract §0.6) that not every getSession() refreshes.
export const E2E_JWT_EXP = 150;
export const E2E_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'qrcraft-e2e-'));

export default defineConfig({
  testDir: './e2e',
  // Per offset too: a run clears its output folder when it starts, which would break a concurrent run's traces.
  outputDir: PORT_OFFSET ? `./test-results-${PORT_OFFSET}` : './test-results',
  fullyParallel: true,
  // One worker whatever the CI flag says: on a 2-core machine a second one mostly adds contention (the app,
  // its auth server and Chromium already share the cores), and timings then depend on who else is busy.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry. A test that passes only on it is reported as "flaky" in the list output and counted in the summary;
  // one that fails twice fails the run. Several CI runs each lost a whole hand-in to a single timing race
  // (docs/testing.md, "Flaky tests"); a flaky test is still a defect to find, not something the retry settles.
  retries: 1,
  forbidOnly: true,
  // Generous for a shared machine under load: the longest tests visit a dozen routes or run axe several times.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PREVIEW_PORT}`,
    // Actions, console and network only: DOM snapshots and the screencast of every test cost about 15 % of the
    // suite's time (bench-results/e2e-time.md), and a failure's steps and timings are what its trace is read for.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx server/mail/main.ts',
      url: `${E2E_INBOX_URL}/api/messages`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { MAIL_CATCHER_SMTP_PORT: String(E2E_SMTP_PORT), MAIL_CATCHER_HTTP_PORT: String(INBOX_PORT) },
    },
    {
      command: 'npx tsx server/main.ts',
      url: `${E2E_AUTH_URL}/auth/v1/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: String(E2E_AUTH_PORT),
        DATA_DIR: dataDir,
        JWT_EXP: String(E2E_JWT_EXP),
        SITE_URL: `http://localhost:${PREVIEW_PORT}`,
        // The e2e suite signs up many users from one address; rate limits have their own server tests.
        AUTH_RATE_LIMITS: 'off',
        DATABASE_URL: '',
        // A developer's .env (a real project's keys, SMTP) must not reach the test server.
        ENV_FILES: 'off',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(E2E_SMTP_PORT),
        // Page files nobody shows are deleted within a second (e2e/hosted-file-pages.spec.ts waits for it).
        STORAGE_CLEANUP_INTERVAL: '1',
      },
    },
    {
      command: 'npx tsx server/main.ts',
      url: `${E2E_CONFIRM_AUTH_URL}/auth/v1/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: String(CONFIRM_AUTH_PORT),
        DATA_DIR: `${dataDir}-confirm`,
        SITE_URL: `http://localhost:${PREVIEW_PORT}`,
        AUTH_AUTOCONFIRM: 'false',
        AUTH_EMAIL_MAX_FREQUENCY: '0',
        AUTH_RATE_LIMITS: 'off',
        DATABASE_URL: '',
        ENV_FILES: 'off',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(E2E_SMTP_PORT),
      },
    },
    {
      // The production build, served as a user would get it (code-split chunks, bundled worker).
      command: `npx vite build --logLevel warn --outDir ${E2E_OUT_DIR} && npx vite preview --outDir ${E2E_OUT_DIR} --port ${PREVIEW_PORT} --strictPort`,
      url: `http://localhost:${PREVIEW_PORT}`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { VITE_SUPABASE_URL: E2E_AUTH_URL, VITE_SUPABASE_ANON_KEY: E2E_ANON_KEY },
    },
  ],
});
