// One server per PGlite folder. PGlite keeps the database in the process's memory and writes it back to the
// folder, so two processes on one folder each see only their own writes and overwrite each other's.
//
// The lock is a file holding the owner's pid, host name and boot id. It is taken with an exclusive create
// (O_EXCL), so two starting servers cannot both get it. A lock whose owner is gone (kill -9, a crash, a
// reboot) is stale and is taken over at once: a pid that no longer runs on this boot of this host cannot own
// it. (Lock libraries that judge staleness by age would keep a crashed server's folder locked for their stale
// period; a pid check frees it at once.)
import { readFileSync } from 'node:fs';
import { link, open, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'qrcraft-server.lock';

interface LockOwner {
  pid: number;
  host: string;
  bootId: string;
  startedAt: string;
}

/** The data folder is in use by a running server. */
export class DataDirLockedError extends Error {
  readonly code = 'data_dir_locked';
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data folder ${dataDir} is in use by another QRCraft server (pid ${owner.pid}, started ${owner.startedAt}). ` +
        'Stop that server first, or give this one its own folder with DATA_DIR=… (or a PostgreSQL DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid === 'number' && typeof v.host === 'string') {
      return { pid: v.pid, host: v.host, bootId: String(v.bootId ?? ''), startedAt: String(v.startedAt ?? '?') };
    }
  } catch {
    /* a torn or foreign file: treated as stale */
  }
  return null;
}

/** True when the recorded owner is certainly gone. A lock from another host is never judged stale. */
function isStale(owner: LockOwner | null, self: LockOwner): boolean {
  if (!owner) return true;
  if (owner.host !== self.host) return false;
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return true;
  return owner.pid === self.pid || !isRunning(owner.pid);
}

/**
 * Takes the folder's lock or throws DataDirLockedError. Resolves with the release function (idempotent).
 * The folder must exist.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  const self: LockOwner = { pid: process.pid, host: hostname(), bootId: bootId(), startedAt: new Date().toISOString() };
  const content = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o644);
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        // Only remove the file if it is still ours.
        const now = parseOwner(await readFile(path, 'utf8').catch(() => ''));
        if (now && now.pid === self.pid && now.host === self.host) await unlink(path).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue; // removed meanwhile: try again
    const owner = parseOwner(text);
    // A file being written right now is empty or torn for a moment: look again before calling it stale.
    if (!owner && attempt === 0) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    if (!isStale(owner, self)) throw new DataDirLockedError(dataDir, owner!);
    // Move the stale file aside under a name of our own (rename is atomic), then make sure what we moved was
    // the stale lock and not a fresh one a concurrent starter created meanwhile; if it was fresh, put it back.
    const aside = `${path}.stale-${process.pid}-${attempt}`;
    try {
      await rename(path, aside);
    } catch {
      continue;
    }
    const moved = await readFile(aside, 'utf8').catch(() => '');
    if (moved !== text) {
      // link() never overwrites: if yet another lock appeared, that one stands and ours is dropped.
      await link(aside, path).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      continue;
    }
    await unlink(aside).catch(() => undefined);
  }
  const last = parseOwner(await readFile(path, 'utf8').catch(() => ''));
  if (last) throw new DataDirLockedError(dataDir, last);
  throw new Error(`Could not lock the data folder ${dataDir}: remove ${path} if no server is running.`);
}
