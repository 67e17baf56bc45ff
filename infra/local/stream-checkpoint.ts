/**
 * Where the local stream poller got to, per shard, kept on disk so a restart resumes after the last
 * event it wrote instead of losing or repeating the stream.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface StreamCheckpoint {
  streamArn: string;
  /** Shard id → last processed sequence number; null: read from the shard, no record yet. */
  shards: Record<string, string | null>;
}

export function readCheckpoint(file: string): StreamCheckpoint | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as StreamCheckpoint;
    if (typeof parsed.streamArn === 'string' && parsed.shards && typeof parsed.shards === 'object')
      return parsed;
  } catch {
    // Missing or unreadable: start as on first run.
  }
  return undefined;
}

/** Written whole and renamed into place, so a crash never leaves half a checkpoint. */
export function writeCheckpoint(file: string, checkpoint: StreamCheckpoint): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(checkpoint, null, 2));
  renameSync(temporary, file);
}
