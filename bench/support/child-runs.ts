/**
 * Runs measured work in a fresh `node` (so its peak RSS is its own): the bundled handler of a function
 * invoked once with an event, or exceljs's streaming writer writing rows from a JSON-lines file. Each
 * child prints one JSON line: wall time of the work and `process.resourceUsage().maxRSS`.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../lib/paths';

export interface ChildFigures {
  /** Time of the work itself (module load excluded). */
  ms: number;
  loadMs: number;
  peakRssMb: number;
  result: unknown;
}

const handlerScript = `
import { readFileSync } from 'node:fs';
const [bundle, eventFile] = process.argv.slice(1);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const loadStart = process.hrtime.bigint();
const { handler } = await import(bundle);
const start = process.hrtime.bigint();
const response = await handler(event, { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 900000 });
const end = process.hrtime.bigint();
process.stdout.write('\\n' + JSON.stringify({
  ms: Number(end - start) / 1e6,
  loadMs: Number(start - loadStart) / 1e6,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
  result: response,
}) + '\\n');
`;

const exceljsScript = `
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
const [rowsFile, outFile, columnsJson] = process.argv.slice(1);
const columns = JSON.parse(columnsJson);
const loadStart = process.hrtime.bigint();
const { default: ExcelJS } = await import('exceljs');
const start = process.hrtime.bigint();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(outFile), useSharedStrings: false, useStyles: true });
const sheet = workbook.addWorksheet('Shipments', { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 14, style: c.numFmt ? { numFmt: c.numFmt } : undefined }));
sheet.getRow(1).font = { bold: true };
let rows = 0;
for await (const line of createInterface({ input: createReadStream(rowsFile) })) {
  const row = JSON.parse(line);
  for (const c of columns) if (c.type === 'date' || c.type === 'datetime') row[c.key] = new Date(row[c.key]);
  sheet.addRow(row).commit();
  rows += 1;
}
sheet.commit();
await workbook.commit();
const end = process.hrtime.bigint();
process.stdout.write('\\n' + JSON.stringify({
  ms: Number(end - start) / 1e6,
  loadMs: Number(start - loadStart) / 1e6,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
  result: { rows },
}) + '\\n');
`;

function runChild(script: string, args: string[], env: Record<string, string>): Promise<ChildFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`child exited ${code}: ${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(last) as ChildFigures);
      } catch {
        reject(new Error(`child printed no figures: ${stdout.slice(-500)} ${stderr.slice(-1000)}`));
      }
    });
  });
}

export const invokeBundledHandler = (bundle: string, eventFile: string, env: Record<string, string>) =>
  runChild(handlerScript, [pathToFileURL(bundle).href, eventFile], env);

export const writeWithExceljs = (
  rowsFile: string,
  outFile: string,
  columns: ReadonlyArray<{ header: string; key: string; width?: number; numFmt?: string; type?: string }>,
) =>
  runChild(exceljsScript, [rowsFile, outFile, JSON.stringify(columns)], {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
