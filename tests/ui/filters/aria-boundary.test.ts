// react-aria is heavy and belongs to the lazily loaded report chunk: only the filter controls may import it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../../src');
const FILTERS = join(SRC, 'ui/filters');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the react-aria boundary', () => {
  it('keeps react-aria and @internationalized/date out of every module but the filter controls', () => {
    const offenders = sources(SRC)
      .filter((path) => !path.startsWith(FILTERS))
      .filter((path) => /from ['"](react-aria-components|react-aria|react-stately|@internationalized\/date)(\/[^'"]*)?['"]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });

  it('finds the filter controls importing it, so the check above looks at real files', () => {
    expect(sources(FILTERS).some((path) => readFileSync(path, 'utf8').includes("from 'react-aria-components'"))).toBe(true);
  });
});
