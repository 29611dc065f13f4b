// Where object bytes live: <storage dir>/objects/<version>, one immutable file per version (a new upload makes a
// new version, a move only changes the row, a copy hard-links). An upload is written to tmp/<version>.part,
// fsynced, and renamed into objects/ only after its row has committed; so a crash mid-upload leaves a .part
// whose version no row names, which the sweep at start deletes, and a crash between commit and rename leaves a
// .part that a row names, which the sweep renames into place. Files no row names (a delete or replace that
// crashed before unlinking) are removed by the same sweep.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../lib/db.ts';

export interface DiskStore {
  readonly dir: string;
  /** A fresh version id and the path its bytes are written to before commit. */
  newPart(): { version: string; part: string };
  /** fsync a finished part. */
  syncPart(part: string): Promise<void>;
  /** After the row commits: the part becomes the object's bytes. */
  publish(version: string): Promise<void>;
  /** A new version holding the same bytes (copy): a hard link, or a copy across devices. */
  cloneToPart(fromVersion: string): Promise<{ version: string; part: string }>;
  discardPart(part: string): Promise<void>;
  /** Bytes of versions no longer named by any row (after their delete or replace committed). */
  unlink(versions: Iterable<string | null | undefined>): Promise<void>;
  read(version: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  size(version: string): Promise<number | null>;
}

const VERSION = /^[0-9a-f-]{36}$/;

export async function openDiskStore(dir: string, db: Db, log: (line: string) => void): Promise<DiskStore> {
  const tmp = join(dir, 'tmp');
  const objects = join(dir, 'objects');
  await mkdir(tmp, { recursive: true });
  await mkdir(objects, { recursive: true });
  const objectPath = (version: string) => {
    if (!VERSION.test(version)) throw new Error('bad object version');
    return join(objects, version);
  };
  await sweep(tmp, objects, db, log);
  return {
    dir,
    newPart() {
      const version = randomUUID();
      return { version, part: join(tmp, `${version}.part`) };
    },
    async syncPart(part) {
      const fh = await open(part, 'r+');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
    },
    async publish(version) {
      await rename(join(tmp, `${version}.part`), objectPath(version));
    },
    async cloneToPart(fromVersion) {
      const version = randomUUID();
      const part = join(tmp, `${version}.part`);
      await link(objectPath(fromVersion), part).catch(() => copyFile(objectPath(fromVersion), part));
      return { version, part };
    },
    async discardPart(part) {
      await rm(part, { force: true });
    },
    async unlink(versions) {
      for (const v of versions) if (v && VERSION.test(v)) await rm(objectPath(v), { force: true });
    },
    read(version, range) {
      const stream = createReadStream(objectPath(version), range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async size(version) {
      try {
        return (await stat(objectPath(version))).size;
      } catch {
        return null;
      }
    },
  };
}

/** The start-up sweep described above; names are looked up in batches. */
async function sweep(tmp: string, objects: string, db: Db, log: (line: string) => void): Promise<void> {
  const named = async (versions: string[]): Promise<Set<string>> => {
    const found = new Set<string>();
    for (let i = 0; i < versions.length; i += 1000) {
      const rows = await db.query<{ version: string }>(
        'SELECT version FROM storage.objects WHERE version = ANY($1::text[])',
        [versions.slice(i, i + 1000)],
      );
      for (const r of rows) found.add(r.version);
    }
    return found;
  };
  const parts = (await readdir(tmp)).filter((n) => n.endsWith('.part'));
  const partVersions = parts.map((n) => n.slice(0, -'.part'.length)).filter((v) => VERSION.test(v));
  const committed = await named(partVersions);
  let published = 0;
  for (const v of partVersions) {
    if (committed.has(v)) {
      await rename(join(tmp, `${v}.part`), join(objects, v));
      published++;
    } else await rm(join(tmp, `${v}.part`), { force: true });
  }
  const files = (await readdir(objects)).filter((v) => VERSION.test(v));
  const live = await named(files);
  let orphans = 0;
  for (const v of files) {
    if (!live.has(v)) {
      await rm(join(objects, v), { force: true });
      orphans++;
    }
  }
  const dropped = partVersions.length - published;
  if (dropped || published || orphans) {
    log(`storage sweep: ${dropped} unfinished upload(s) removed, ${published} published, ${orphans} orphan(s) removed`);
  }
}
