/**
 * The system programs the test suites run, in one list: `npm test` checks them first (and stops within
 * seconds, saying how to install what is missing, instead of 28 tests failing with ENOENT), `.ci/run`
 * installs the Debian packages from it, and the README's prerequisites print from it. Plain Node and
 * nothing from node_modules: `.ci/run` calls it before `npm ci`.
 *
 *   node test/preflight.mjs                         check; one line per missing tool, exit 1
 *   node test/preflight.mjs --apt-packages          every Debian/Ubuntu package, space-separated
 *   node test/preflight.mjs --missing-apt-packages  only those of the missing tools
 *   node test/preflight.mjs --apt-line              the one apt-get command that installs them all
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (program) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, program)));

/** Runs, not just exists: macOS has a /usr/bin/java that only says no Java is installed. */
const runs = (program, args) =>
  onPath(program) && spawnSync(program, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;

/** The same path test/e2e/docs-page.e2e.test.ts launches. */
const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const liberationDirs = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/liberation2'];

const poppler = (program, use) => ({
  name: program,
  use,
  present: () => onPath(program),
  apt: 'poppler-utils',
  brew: 'brew install poppler',
});

export const systemTools = [
  {
    name: 'java',
    use: 'DynamoDB Local, for the int and e2e tests',
    present: () => runs('java', ['-version']),
    apt: 'openjdk-17-jre-headless',
    brew: 'brew install --cask temurin@17',
  },
  poppler('pdftotext', 'the PDF tests read documents back as text'),
  poppler('pdftoppm', 'the PDF tests render pages to scan barcodes'),
  poppler('pdfinfo', 'the PDF tests read page sizes'),
  poppler('pdffonts', 'the PDF tests list embedded fonts'),
  {
    name: 'chromium',
    use: `the API reference page test launches ${chromiumPath()}; CHROMIUM_PATH names another`,
    present: () => isExecutable(chromiumPath()),
    apt: 'chromium',
    brew: 'brew install --cask chromium && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium',
  },
  {
    name: 'Liberation fonts',
    use: 'chromium draws the API reference page with them',
    // macOS's own fonts serve chromium there.
    present: () => process.platform === 'darwin' || liberationDirs.some((dir) => existsSync(dir)),
    apt: 'fonts-liberation',
    brew: 'brew install --cask font-liberation',
  },
  {
    name: 'ps',
    use: 'the signal tests and npm start look at process states',
    present: () => onPath('ps'),
    apt: 'procps',
    brew: 'nothing to install (macOS has ps)',
  },
];

const unique = (packages) => [...new Set(packages)];
const aptPackages = (tools) => unique(tools.map((tool) => tool.apt));
const aptLine = (packages) => `sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;

const mode = process.argv[2];
if (mode === '--apt-packages') {
  console.log(aptPackages(systemTools).join(' '));
} else if (mode === '--apt-line') {
  console.log(aptLine(aptPackages(systemTools)));
} else {
  const missing = systemTools.filter((tool) => !tool.present());
  if (mode === '--missing-apt-packages') {
    console.log(aptPackages(missing).join(' '));
  } else if (mode !== undefined) {
    console.error(`preflight: unknown option ${mode}`);
    process.exit(2);
  } else if (missing.length > 0) {
    for (const tool of missing) {
      console.error(
        `✖ ${tool.name} missing (${tool.use}) — Debian/Ubuntu: ${aptLine([tool.apt])} — macOS: ${tool.brew}`,
      );
    }
    console.error(`All at once on Debian/Ubuntu: ${aptLine(aptPackages(missing))}`);
    process.exit(1);
  }
}
