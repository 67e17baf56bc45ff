/**
 * Child processes die with us: on exit (crashes included: 'exit' still fires), Ctrl-C and termination.
 * And we die with our launchers: `npm start` stops when the npm process that started it goes away.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

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

interface ProcessInfo {
  ppid: number;
  pgid: number;
  /** ps's state letter: Z is a zombie (exited, not yet reaped), X dead. */
  state: string;
}

/** Linux: /proc, no process spawned. Elsewhere (macOS): ps. undefined when the process is gone. */
function processInfo(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'.
    const [state = '', ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid), pgid: Number(pgid) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat')) return undefined;
  }
  const result = spawnSync('ps', ['-o', 'stat=,ppid=,pgid=', '-p', String(pid)], { encoding: 'utf8' });
  const [state, ppid, pgid] = (result.stdout ?? '').trim().split(/\s+/);
  if (result.status !== 0 || !state) return undefined;
  return { state, ppid: Number(ppid), pgid: Number(pgid) };
}

function gone(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    const info = processInfo(pid);
    return info === undefined || info.state.startsWith('Z') || info.state.startsWith('X');
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The processes that launched this one: the parent, and further ancestors while they share this
 * process's group. For `npm start` that is tsx, npm's `sh -c` and npm itself (a shell's job control
 * makes npm the group's leader), not the interactive shell above it.
 */
export function launcherPids(): number[] {
  const own = processInfo(process.pid);
  const launchers: number[] = [];
  let pid = process.ppid;
  while (pid > 1 && launchers.length < 16) {
    launchers.push(pid);
    const parent = processInfo(pid)?.ppid;
    if (parent === undefined || parent <= 1 || own === undefined) break;
    if (processInfo(parent)?.pgid !== own.pgid) break;
    pid = parent;
  }
  return launchers;
}

/**
 * Calls `onGone` (once) when a launcher exits. npm forwards only SIGINT and SIGTERM, and only to its
 * script's process (a `sh -c` dies of them without passing them on); a SIGHUP kills npm alone. Either
 * way tsx and this process would live on, orphaned, with the JVM. Polls every `intervalMs`; the timer
 * does not keep the process alive.
 */
export function watchLaunchers(onGone: (pid: number) => void, intervalMs = 500): () => void {
  const launchers = launcherPids();
  const timer = setInterval(() => {
    const lost = launchers.find(gone);
    if (lost === undefined) return;
    clearInterval(timer);
    onGone(lost);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
