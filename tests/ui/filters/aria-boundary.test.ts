// react-aria is heavy and belongs to lazily loaded chunks: only the filter controls and the modal dialog may import it,
// and neither the login page nor the shell reaches them through static imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

const ARIA_PACKAGE = /^(react-aria-components|react-aria|react-stately|@internationalized\/date)(\/|$)/;
/** Static imports and re-exports with their specifier; `import type` and `export type` leave nothing in the bundle. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

/** The chain of static imports from `entry` to a react-aria package, if there is one; `import()` is not followed. */
function staticPathToAria(entry: string): string[] | undefined {
  const via = new Map<string, string | undefined>([[entry, undefined]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const [, typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (typeOnly || specifier === undefined) continue;
      if (ARIA_PACKAGE.test(specifier)) {
        const chain = [specifier];
        for (let at: string | undefined = file; at !== undefined; at = via.get(at)) chain.unshift(relative(SRC, at));
        return chain;
      }
      const next = specifier.startsWith('.') ? resolveSource(file, specifier) : undefined;
      if (next === undefined || via.has(next)) continue;
      via.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
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

  it('keeps react-aria out of the login page and the shell: their dialogs load with a screen or when asked for', () => {
    expect(staticPathToAria(join(SRC, 'main.tsx'))).toBeUndefined();
    expect(staticPathToAria(join(SRC, 'app/App.tsx'))).toBeUndefined();
    expect(staticPathToAria(join(SRC, 'app/layout/Shell.tsx'))).toBeUndefined();
  });

  it('follows static imports to react-aria, so the check above can fail', () => {
    expect(staticPathToAria(join(SRC, 'app/password/PasswordDialog.tsx'))).toEqual(['app/password/PasswordDialog.tsx', 'ui/dialog/index.ts', 'ui/dialog/ModalDialog.tsx', 'react-aria-components']);
  });
});
