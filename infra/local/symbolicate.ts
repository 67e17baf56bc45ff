/**
 * `npm run symbolicate -- <bundle folder> [log file]`: a stack logged by a deployed function, mapped to
 * the repository's sources. The folder holds the function's bundle as deployed, with the `.map` files
 * esbuild wrote beside it: the function's code package (`aws lambda get-function --function-name <name>
 * --query Code.Location --output text` is a URL to its zip), or `cdk.out/asset.<hash>/` after `npm run
 * synth` of the deployed commit. The log (CloudWatch lines, JSON records or a bare stack) is read from
 * the file, else from standard input.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import type { MapOf } from './symbolicate-stack';
import { symbolicateLog } from './symbolicate-stack';

const usage =
  'Usage: npm run symbolicate -- <folder with index.mjs.map> [log file]   (else the log on stdin)';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

const [folder, logFile, ...extra] = process.argv.slice(2);
if (!folder || extra.length > 0) fail('Name the folder of the bundle and its maps.');
if (!existsSync(join(folder, 'index.mjs.map'))) fail(`${folder} holds no index.mjs.map.`);

const maps = new Map<string, SourceMap | undefined>();
const mapOf: MapOf = (bundleFile) => {
  if (!maps.has(bundleFile)) {
    const file = join(folder, `${bundleFile}.map`);
    maps.set(
      bundleFile,
      existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined,
    );
  }
  return maps.get(bundleFile);
};

let log: string;
try {
  log = readFileSync(logFile ?? 0, 'utf8');
} catch (error) {
  fail(`Could not read the log: ${(error as Error).message}`);
}
process.stdout.write(`${symbolicateLog(log, mapOf)}\n`);
