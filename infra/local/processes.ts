/** Child processes die with us: on exit (crashes included: 'exit' still fires), Ctrl-C and termination. */
import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
let installed = false;

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      // A program with its own handler (npm start's graceful stop) decides when to exit.
      if (process.listenerCount(signal) === 0) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** Registers a child to kill on exit; the returned function forgets it (after a clean stop). */
export function killOnExit(child: ChildProcess): () => void {
  install();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return () => children.delete(child);
}
