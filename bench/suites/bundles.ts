/**
 * Bundle size and module-load time per function, against a bundle of only the DynamoDB clients: what
 * each function adds on top of the SDK it cannot avoid. Target: ≤ 1.3 × the baseline for both. Load is
 * timed in the environment the function ships with (the stack's NODE_OPTIONS and variables) and, beside
 * it, with Node's source maps switched the other way, each against the baseline in the same environment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functionNodeOptions } from '../../infra/constructs/group-function';
import { pairedRatio, round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { verdict } from '../lib/verdict';
import type { Bundle } from '../support/bundle';
import { bundle } from '../support/bundle';
import type { DeployedFunction, Entry } from '../support/function-entries';
import { baselineEntry, deployedFunctions, emptyEntry, importOnlyEntry } from '../support/function-entries';
import type { FunctionSettings } from '../support/lambda-environment';
import { hasSourceMaps, lambdaEnvironment, withSourceMaps } from '../support/lambda-environment';
import type { LoadRun, LoadSamples } from '../support/module-load';
import { loadSamples } from '../support/module-load';
import { lambdaNode } from '../support/lambda-node';

const target = 1.3;
const samplesPerRun = 31;
const topPackages = 5;

const kb = (bytes: number) => round(bytes / 1024, 1);

function packageRows(subject: Bundle, baseline: Bundle): { heaviest: Row[]; added: Row[] } {
  const inBaseline = new Map(baseline.packages.map((entry) => [entry.name, entry.bytes]));
  const withGrowth = subject.packages.map((entry) => ({
    ...entry,
    growth: entry.bytes - (inBaseline.get(entry.name) ?? 0),
  }));
  const heaviest = withGrowth.slice(0, topPackages).map((entry) => ({
    function: subject.name,
    package: entry.name,
    KB: kb(entry.bytes),
    'share %': round((100 * entry.bytes) / subject.bytes, 1),
    'KB over baseline': kb(entry.growth),
  }));
  const added = withGrowth
    .filter((entry) => entry.growth > 0)
    .sort((a, b) => b.growth - a.growth)
    .slice(0, topPackages)
    .map((entry) => ({ function: subject.name, package: entry.name, 'KB over baseline': kb(entry.growth) }));
  return { heaviest, added };
}

/** Every deployed function must run with the NODE_OPTIONS the baseline is timed with. */
function checkNodeOptions(functions: readonly DeployedFunction[]): void {
  for (const fn of functions) {
    if (fn.environment.NODE_OPTIONS !== functionNodeOptions) {
      throw new Error(
        `${fn.name} runs with NODE_OPTIONS=${JSON.stringify(fn.environment.NODE_OPTIONS)}, not functionNodeOptions (${JSON.stringify(functionNodeOptions)})`,
      );
    }
  }
}

export const bundles: Suite = {
  name: 'bundles',
  description:
    'bundle size and module-load time per function as it ships, against the DynamoDB clients alone',
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
    try {
      const functions = await deployedFunctions();
      checkNodeOptions(functions);
      const mapsShipped = hasSourceMaps(functionNodeOptions);
      const settings = [
        { label: 'shipped', nodeOptions: functionNodeOptions },
        {
          label: mapsShipped ? 'no maps' : 'with maps',
          nodeOptions: withSourceMaps(functionNodeOptions, !mapsShipped),
        },
      ] as const;

      // The reference bundles run as a 1024 MB function with no variables but NODE_OPTIONS.
      const reference = (name: string): FunctionSettings => ({
        name,
        environment: { NODE_OPTIONS: functionNodeOptions },
        memorySize: 1024,
      });
      const entries = [
        ...[baselineEntry, emptyEntry, importOnlyEntry].map((entry) => ({
          entry,
          settings: reference('reference'),
        })),
        ...functions.map((fn) => ({ entry: fn as Entry, settings: fn as FunctionSettings })),
      ];
      const subjects = await Promise.all(
        entries.map(async ({ entry, settings: fnSettings }, index) => ({
          settings: fnSettings,
          built: await bundle(entry, outDir, index),
        })),
      );

      const runs: LoadRun[] = subjects.flatMap(({ settings: fnSettings, built: item }) =>
        settings.map(({ nodeOptions }) => ({
          file: item.file,
          env: { ...lambdaEnvironment(fnSettings, item.file), NODE_OPTIONS: nodeOptions },
        })),
      );
      const samples = loadSamples(runs, samplesPerRun);
      const [baseline, empty, importOnly] = [0, 1, 2];
      const samplesOf = (subject: number, setting: number): LoadSamples =>
        samples[subject * settings.length + setting]!;
      type Measure = 'wallMs' | 'cpuMs';
      const figures = (measure: Measure) => ({
        summary: (subject: number, setting: number) => summarize(samplesOf(subject, setting)[measure]),
        // Each round's load against the baseline's in the same round, so drift between rounds cancels.
        ratio: (subject: number, setting: number) =>
          pairedRatio(samplesOf(subject, setting)[measure], samplesOf(baseline, setting)[measure]),
      });
      const wall = figures('wallMs');
      const cpu = figures('cpuMs');

      const sizeColumns = (subject: number, compared: boolean): Row => {
        const item = subjects[subject]!.built;
        const ratio = item.bytes / subjects[baseline]!.built.bytes;
        return {
          function: item.name,
          KB: kb(item.bytes),
          'size ×': compared ? round(ratio, 2) : null,
          size: compared ? verdict(ratio, target) : null,
        };
      };
      // One figure (wall or CPU median) per setting, each against the baseline under the same setting.
      const loadColumns = (
        subject: number,
        compared: boolean,
        figure: ReturnType<typeof figures>,
        withP95: boolean,
      ): Row => {
        const row: Row = {};
        settings.forEach(({ label }, setting) => {
          const { medianMs, p95Ms } = figure.summary(subject, setting);
          const ratio = figure.ratio(subject, setting);
          row[`${label} ms`] = round(medianMs, 1);
          if (withP95) row[`${label} p95`] = round(p95Ms, 1);
          row[`${label} ×`] = compared ? round(ratio, 2) : null;
          row[label] = compared ? verdict(ratio, target) : null;
        });
        return row;
      };
      const wallRow = (subject: number, compared: boolean): Row => ({
        ...sizeColumns(subject, compared),
        ...loadColumns(subject, compared, wall, true),
      });
      const cpuRow = (subject: number, compared: boolean): Row => ({
        function: subjects[subject]!.built.name,
        ...loadColumns(subject, compared, cpu, false),
      });
      const functionIndexes = functions.map((_, index) => index + 3);
      const construction = (figure: typeof wall) =>
        round(figure.summary(baseline, 0).medianMs - figure.summary(importOnly, 0).medianMs, 1);
      const packages = [baseline, ...functionIndexes].map((subject) =>
        packageRows(subjects[subject]!.built, subjects[baseline]!.built),
      );
      const optionsText = settings.map(({ label, nodeOptions }) => `${label}: NODE_OPTIONS='${nodeOptions}'`);

      return {
        tables: [
          {
            title: `Bundles: size and module-load wall time on Node ${lambdaNode().version} (target ≤ ${target} × baseline; ${optionsText.join('; ')})`,
            rows: [empty, importOnly, baseline, ...functionIndexes].map((subject) =>
              wallRow(subject, subject >= 3),
            ),
          },
          {
            title: `Module load, CPU time of the loading process on Node ${lambdaNode().version} (target ≤ ${target} × baseline; same runs)`,
            rows: [empty, importOnly, baseline, ...functionIndexes].map((subject) =>
              cpuRow(subject, subject >= 3),
            ),
          },
          {
            title: `Heaviest packages per bundle (top ${topPackages} by minified bytes, from the metafile)`,
            rows: packages.flatMap((item) => item.heaviest),
          },
          {
            title: `Largest additions over the baseline per bundle (top ${topPackages})`,
            rows: packages.flatMap((item) => item.added),
          },
        ],
        notes: [
          'Bundled with infra/bundling.ts (the CDK settings: ESM, node22, minified, source map beside the bundle); size excludes the .map.',
          `Load: median (and p95) wall time of ${samplesPerRun} fresh \`node\` processes per bundle and setting, on Node ${lambdaNode().version}${lambdaNode().note ? ` (${lambdaNode().note})` : ' (the major Lambda runs the functions on; bench/support/lambda-node.ts)'}, timing only \`await import(bundle)\`, interleaved across bundles and settings. Each ratio is against the baseline under the same setting: the median over rounds of the bundle's load divided by the baseline's in the same round (so the machine's drift between rounds cancels), not the ratio of the two medians.`,
          `Environment: each function's variables as the synthesized stack sets them (NODE_OPTIONS from functionNodeOptions in infra/constructs/group-function.ts; values resolved at deploy, such as table names, get a stand-in) over the variables Lambda's Node.js runtime sets (region, function name, memory size, TZ; bench/support/lambda-environment.ts). The reference rows run with Lambda's variables and NODE_OPTIONS alone. "${settings[1].label}" is the same with ${settings[1].nodeOptions === '' ? 'no NODE_OPTIONS' : `NODE_OPTIONS='${settings[1].nodeOptions}'`}.`,
          "CPU: the child process's user + system time over the same import (median). It counts V8's helper threads, so on an idle machine it can exceed the wall time, but not time spent waiting for a core: on a busy machine (a wall p95 far over its median shows one) its ratios are the steadier ones.",
          `The baseline constructs DynamoDBClient + DynamoDBDocumentClient at load, ${construction(wall)} ms wall and ${construction(cpu)} ms CPU over "${subjects[importOnly]!.built.name}" (shipped). Functions that build their client lazily (db() in shared/db/client.ts) pay that on their first request instead, so their load ratio flatters them by about that much.`,
        ],
      };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
