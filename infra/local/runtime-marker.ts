/**
 * `<dataDir>/runtime.json` says a runtime serves from this folder and where: `npm run invoke` connects
 * to its DynamoDB instead of starting a second JVM on the same files, and a second `npm start` refuses.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dataPaths } from './data-dir';

export interface RuntimeMarker {
  /** The process serving the gateway (s3rver and the stream poller run in it too). */
  pid: number;
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The DynamoDB Local JVM, the one child process: stopped with the runtime, never left behind. */
  dynamoPid?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The marker of a runtime still running (a crashed one's marker is ignored). */
export function runningRuntime(dataDir: string): RuntimeMarker | undefined {
  try {
    const marker = JSON.parse(readFileSync(dataPaths(dataDir).runtimeMarker, 'utf8')) as RuntimeMarker;
    return alive(marker.pid) ? marker : undefined;
  } catch {
    return undefined;
  }
}

export function writeRuntimeMarker(dataDir: string, marker: RuntimeMarker): void {
  writeFileSync(dataPaths(dataDir).runtimeMarker, JSON.stringify(marker, null, 2));
}

export function removeRuntimeMarker(dataDir: string): void {
  rmSync(dataPaths(dataDir).runtimeMarker, { force: true });
}
