// `npm start` / `npm run dev` start this next to the auth server: the local inbox (Supabase CLI ports:
// SMTP 54325, web 54324). Read the mail at http://127.0.0.1:54324.
import { startMailCatcher } from './catcher.ts';

const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a port number, got "${raw ?? ''}"`);
    process.exit(1);
  }
  return value;
};

try {
  const catcher = await startMailCatcher({
    smtpPort: port('MAIL_CATCHER_SMTP_PORT', 54325),
    httpPort: port('MAIL_CATCHER_HTTP_PORT', 54324),
  });
  console.log(`mail catcher: SMTP on 127.0.0.1:${catcher.smtpPort}, inbox at ${catcher.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void catcher.close().then(() => process.exit(0)));
  }
} catch (err) {
  console.error(`mail catcher could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
