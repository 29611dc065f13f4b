import { afterEach, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildren } from '../../../scripts/dev/children.mjs';

// scripts/dev/children.mjs runs `npm start`'s servers through npx, as bootstrap.mjs does.
const dirs: string[] = [];
const servers: number[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  // A failing run must not leave its server behind.
  for (const pid of servers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
const patiently = { timeout: 15_000, interval: 100 };

it('when one child exits, the server npx started for another is stopped too and its port freed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-children-'));
  dirs.push(dir);
  const info = join(dir, 'server.json');
  // A server under npx (npm exec's own child, as tsx server/main.ts is), and a child that fails after a while.
  const server = `const s = require('node:http').createServer(() => {}).listen(0, '127.0.0.1', () =>
    require('node:fs').writeFileSync(${JSON.stringify(info)}, JSON.stringify({ pid: process.pid, port: s.address().port })));`;
  const exits: [string, number | null][] = [];
  const children = startChildren({
    cwd: process.cwd(),
    env: process.env,
    stdio: 'ignore',
    log: () => {},
    onExit: (label: string, code: number | null) => exits.push([label, code]),
  });
  children.run('server', ['node', '-e', server]);
  const { pid, port } = await vi.waitFor(
    () => JSON.parse(readFileSync(info, 'utf8')) as { pid: number; port: number },
    patiently,
  );
  servers.push(pid);
  expect(await accepts(port)).toBe(true);
  children.run('failing', ['node', '-e', 'setTimeout(() => process.exit(3), 200)']);
  await vi.waitFor(() => expect(exits[0]).toEqual(['failing', 3]), patiently);
  await vi.waitFor(() => expect(alive(pid)).toBe(false), patiently);
  expect(await accepts(port)).toBe(false);
}, 60_000);
