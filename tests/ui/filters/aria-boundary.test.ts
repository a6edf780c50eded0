// react-aria is heavy and belongs to lazily loaded chunks: only the filter controls and the modal dialog may import it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../../src');
const FILTERS = join(SRC, 'ui/filters');
const DIALOG = join(SRC, 'ui/dialog');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the react-aria boundary', () => {
  it('keeps react-aria and @internationalized/date out of every module but the filter controls and the dialog', () => {
    const offenders = sources(SRC)
      .filter((path) => !path.startsWith(FILTERS) && !path.startsWith(DIALOG))
      .filter((path) => /from ['"](react-aria-components|react-aria|react-stately|@internationalized\/date)(\/[^'"]*)?['"]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });

  it('finds the filter controls and the dialog importing it, so the check above looks at real files', () => {
    for (const dir of [FILTERS, DIALOG]) expect(sources(dir).some((path) => readFileSync(path, 'utf8').includes("from 'react-aria-components'"))).toBe(true);
  });
});
