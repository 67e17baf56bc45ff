/**
 * The preflight `npm test` runs first: on a machine without the system tools it stops within seconds with
 * one install line per tool; on this one (everything installed) it passes; and `.ci/run` installs the
 * packages it names, not a list of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const preflight = join(import.meta.dirname, '..', 'preflight.mjs');
const runAll = join(import.meta.dirname, '..', 'run-all.mjs');
const ciRun = join(import.meta.dirname, '..', '..', '.ci', 'run');

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8', timeout: 30_000 });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}
const runPreflight = (args: string[], env: NodeJS.ProcessEnv) => runScript(preflight, args, env);

describe('the preflight', () => {
  // A PATH holding node and nothing else: none of the tools can be found.
  const bare = mkdtempSync(join(tmpdir(), 'preflight-'));
  symlinkSync(process.execPath, join(bare, 'node'));
  const bareEnv = { PATH: bare, CHROMIUM_PATH: join(bare, 'chromium') };
  afterAll(() => rmSync(bare, { recursive: true, force: true }));

  it('stops within seconds on a machine without the tools, one install line per missing tool', () => {
    const result = runPreflight([], bareEnv);
    expect(result.status).toBe(1);
    expect(result.seconds).toBeLessThan(5);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('✖'));
    const expected: Record<string, [apt: string, brew: string]> = {
      java: ['openjdk-17-jre-headless', 'brew install --cask temurin@17'],
      pdftotext: ['poppler-utils', 'brew install poppler'],
      pdftoppm: ['poppler-utils', 'brew install poppler'],
      pdfinfo: ['poppler-utils', 'brew install poppler'],
      pdffonts: ['poppler-utils', 'brew install poppler'],
      chromium: ['chromium', 'brew install --cask chromium'],
      ps: ['procps', 'nothing to install (macOS has ps)'],
    };
    for (const [tool, [apt, brew]] of Object.entries(expected)) {
      const line = lines.find((candidate) => candidate.startsWith(`✖ ${tool} missing`));
      expect(line, tool).toContain(`Debian/Ubuntu: sudo apt-get install -y --no-install-recommends ${apt} —`);
      expect(line, tool).toContain(`macOS: ${brew}`);
    }
    expect(result.stderr).toContain(
      'All at once on Debian/Ubuntu: sudo apt-get install -y --no-install-recommends ' +
        'openjdk-17-jre-headless poppler-utils chromium procps',
    );
  });

  it('runs first in `npm test`, which stops before lint, typecheck or any test starts', () => {
    const result = runScript(runAll, [], bareEnv);
    expect(result.status).toBe(1);
    expect(result.seconds).toBeLessThan(5);
    expect(result.stderr).toContain('✖ pdftotext missing');
    expect(result.stdout).not.toMatch(/lint|typecheck/);
  });

  it('names only the missing packages, once each, for .ci/run', () => {
    const result = runPreflight(['--missing-apt-packages'], bareEnv);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('openjdk-17-jre-headless poppler-utils chromium procps');
  });

  it('passes on a machine with everything installed (this one)', () => {
    const result = runPreflight([], process.env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(runPreflight(['--missing-apt-packages'], process.env).stdout.trim()).toBe('');
  });

  it('prints the full Debian package list and the one apt-get line for the README', () => {
    const packages = 'openjdk-17-jre-headless poppler-utils chromium fonts-liberation procps';
    expect(runPreflight(['--apt-packages'], process.env).stdout.trim()).toBe(packages);
    expect(runPreflight(['--apt-line'], process.env).stdout.trim()).toBe(
      `sudo apt-get install -y --no-install-recommends ${packages}`,
    );
  });
});

describe('.ci/run', () => {
  const script = readFileSync(ciRun, 'utf8');

  it('installs the packages the preflight names, not a hand-written list', () => {
    expect(script).toContain('node test/preflight.mjs --missing-apt-packages');
    const installs = script.split('\n').filter((line) => line.includes('apt-get install'));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/--no-install-recommends "?\$missing"?$/);
    const commands = script
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    for (const name of ['poppler-utils', 'chromium', 'openjdk', 'fonts-liberation', 'procps']) {
      expect(commands).not.toContain(name);
    }
  });
});
