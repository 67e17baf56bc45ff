/**
 * Every relative link and anchor in README.md and docs/*.md resolves: the README moved most of its text
 * into docs/, and a section renamed or moved must not leave a link behind. remark-validate-links
 * (through remark-cli, which checks headings across files) does the checking.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const remarkCli = join(repo, 'node_modules/remark-cli/cli.js');
// By path: the scratch folders of the second test are outside the repository, where no name resolves.
const validateLinks = join(repo, 'node_modules/remark-validate-links/index.js');

/** The link warnings for README.md and docs/ under `root`, one line each; empty when every link resolves. */
function brokenLinks(root: string): string[] {
  try {
    execFileSync(
      process.execPath,
      [
        remarkCli,
        ...['--quiet', '--frail', '--no-stdout', '--no-color', '--no-config', '--no-ignore'],
        // No remote: links to the repository's own GitHub address are not this check's business.
        ...['--use', `${validateLinks}=repository:false`],
        'README.md',
        'docs/',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return [];
  } catch (error) {
    const report = (error as { stderr?: string }).stderr ?? String(error);
    const lines = report.split('\n').filter((line) => /warning|error/.test(line) && !/^\s*⚠/.test(line));
    return lines.length > 0 ? lines.map((line) => line.trim()) : [report];
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'docs-links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A README and a docs page in a folder of their own, with the README's body as given. */
function pages(name: string, readmeBody: string): string {
  const root = join(scratch, name);
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, 'README.md'), `# Service\n\n## The docs\n\n${readmeBody}\n`);
  writeFileSync(
    join(root, 'docs/guide.md'),
    '# Guide\n\n## Sample data\n\nBack to [the docs](../README.md#the-docs).\n',
  );
  return root;
}

// Each check starts a node process (about a second, more on a busy machine).
describe('links in README.md and docs/', { timeout: 30_000 }, () => {
  it('all resolve, files and anchors alike', () => {
    expect(brokenLinks(repo)).toEqual([]);
  });

  it('are all checked: good links pass, and a missing file, a missing anchor here or in another page fail', () => {
    expect(brokenLinks(pages('good', '[guide](docs/guide.md#sample-data), [here](#the-docs)'))).toEqual([]);
    const missingFile = brokenLinks(pages('file', '[gone](docs/gone.md)'));
    expect(missingFile.join('\n')).toContain('Cannot find file `docs/gone.md`');
    const missingAnchor = brokenLinks(pages('anchor', '[nowhere](#no-such-section)'));
    expect(missingAnchor.join('\n')).toContain('Cannot find heading for `#no-such-section`');
    const missingAnchorElsewhere = brokenLinks(pages('elsewhere', '[old](docs/guide.md#seed-data)'));
    expect(missingAnchorElsewhere.join('\n')).toContain(
      'Cannot find heading for `#seed-data` in `docs/guide.md`',
    );
  });
});
