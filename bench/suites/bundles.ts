/**
 * Bundle size and module-load time per function, against a bundle of only the DynamoDB clients:
 * what each function adds on top of the SDK it cannot avoid. Target: ≤ 1.3 × the baseline for both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { verdict } from '../lib/verdict';
import type { Bundle } from '../support/bundle';
import { bundle } from '../support/bundle';
import { baselineEntry, emptyEntry, functionEntries, importOnlyEntry } from '../support/function-entries';
import { loadTimes } from '../support/module-load';

const target = 1.3;
const loadSamples = 15;
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

export const bundles: Suite = {
  name: 'bundles',
  description: 'bundle size and module-load time per function, against the DynamoDB clients alone',
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
    try {
      const entries = [baselineEntry, emptyEntry, importOnlyEntry, ...functionEntries()];
      const built = await Promise.all(entries.map((entry, index) => bundle(entry, outDir, index)));
      const times = loadTimes(
        built.map((item) => item.file),
        loadSamples,
      );
      const [baseline, empty, importOnly, ...functions] = built as [Bundle, Bundle, Bundle, ...Bundle[]];
      const load = (item: Bundle) => summarize(times.get(item.file)!);
      const baselineLoad = load(baseline).medianMs;

      const sizeRow = (item: Bundle, compared: boolean): Row => {
        const { medianMs, p95Ms } = load(item);
        const sizeRatio = item.bytes / baseline.bytes;
        const loadRatio = medianMs / baselineLoad;
        return {
          function: item.name,
          bytes: item.bytes,
          KB: kb(item.bytes),
          'size ×': compared ? round(sizeRatio, 2) : null,
          size: compared ? verdict(sizeRatio, target) : null,
          'load median ms': round(medianMs, 1),
          'load p95 ms': round(p95Ms, 1),
          'load ×': compared ? round(loadRatio, 2) : null,
          load: compared ? verdict(loadRatio, target) : null,
        };
      };
      const constructionMs = round(load(baseline).medianMs - load(importOnly).medianMs, 1);
      const packages = [baseline, ...functions].map((item) => packageRows(item, baseline));

      return {
        tables: [
          {
            title: `Bundles: size and module-load time (target ≤ ${target} × baseline)`,
            rows: [
              sizeRow(empty, false),
              sizeRow(importOnly, false),
              sizeRow(baseline, false),
              ...functions.map((item) => sizeRow(item, true)),
            ],
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
          'Bundled with infra/bundling.ts (the CDK settings: ESM, node22, minified); size excludes the .map.',
          `Load: median and p95 of ${loadSamples} fresh \`node\` processes each (${process.version}), timing only \`await import(bundle)\`, interleaved across bundles.`,
          `The baseline constructs DynamoDBClient + DynamoDBDocumentClient at load, ${constructionMs} ms over "${importOnly.name}". Functions that build their client lazily (db() in shared/db/client.ts) pay that on their first request instead, so their load ratio flatters them by about that much; the projector constructs its EventBridge client at load.`,
        ],
      };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
