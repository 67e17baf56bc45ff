/**
 * DynamoDB Local on disk commits every item on its own (SQLite journal files and fsyncs): about 750
 * items/s on a typical disk, against about 2,300 on tmpfs. So when no runtime holds the data folder, the
 * seed runs DynamoDB Local over a copy of the database in /dev/shm and moves it into place once the seed
 * is complete; a failed or interrupted seed leaves the data folder as it was.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';

export interface WorkingCopy {
  /** Where DynamoDB Local keeps its files during the seed. */
  dir: string;
  /** Moves the seeded database into the data folder (each file replaced in one rename). */
  install(): void;
  discard(): void;
}

const ramDisk = '/dev/shm';

function sizeOf(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

/** A copy in RAM when there is room for the database and `growthBytes` more; undefined otherwise. */
export function ramWorkingCopy(target: string, growthBytes: number): WorkingCopy | undefined {
  if (process.platform !== 'linux' || !existsSync(ramDisk)) return undefined;
  const free = (() => {
    const stats = statfsSync(ramDisk);
    return stats.bavail * stats.bsize;
  })();
  // Keep half of it free: tmpfs is memory the rest of the machine needs too.
  if ((sizeOf(target) + growthBytes) * 2 > free) return undefined;
  const dir = mkdtempSync(join(ramDisk, 'commerce-seed-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  // Interrupted (Ctrl-C, a crash): the copy must not linger in memory.
  process.on('exit', cleanup);
  if (existsSync(target)) cpSync(target, dir, { recursive: true });
  return {
    dir,
    install() {
      mkdirSync(target, { recursive: true });
      for (const name of readdirSync(dir)) {
        const staged = join(target, `${name}.seeding`);
        cpSync(join(dir, name), staged, { recursive: true });
        renameSync(staged, join(target, name));
      }
      cleanup();
    },
    discard: cleanup,
  };
}
