// `npm run lint:exports`: every export of tsconfig.json's files that no other file imports, as file:line, and a
// non-zero exit when there is one. An export nobody imports is either dead code or a symbol its own file uses, which
// then needs no `export`: either way the export misleads a reader about who depends on it.
//
// What counts as importing a name: a static import (value or type), a re-export, a type's `import('…').Name`, and
// `ns.Name` of an `import * as ns` used only that way. Some imports take a whole module, so they count for all its
// exports: any other `import * as ns`, `export * as ns`, a dynamic `import('…')`, `typeof import('…')`, a `vi.mock` or
// `vi.importActual` path (a test that replaces or reads a module stands for its importers) and
// `new URL('./x.ts', import.meta.url)` (a worker's module). `export * from` forwards: a name imported from the index
// counts for the module it comes from. Imports by tests count: `--test-only` lists the exports only tests import.
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Exports a tool reads rather than a file importing them, as `file#name`: the config files' default exports and the
 * test runner's globalSetup modules (vitest.config.ts names them by path). Each entry must still exist. The other
 * entry points need none: src/main.tsx, server/main.ts, the scripts tsx runs and the test files export nothing, the
 * workers' modules are loaded through `new URL(…)` and the lazy screens through `import()`, which count as imports.
 */
const TOOL_EXPORTS: ReadonlyMap<string, string> = new Map([
  ['vite.config.ts#default', 'Vite loads the config'],
  ['vitest.config.ts#default', 'Vitest loads the config'],
  ['tests/helpers/postgres-setup.ts#default', "Vitest's globalSetup for server-pg"],
  ['tests/helpers/seed-cache-setup.ts#default', "Vitest's globalSetup for the server and e2e layers"],
  ['tests/helpers/layer-times-reporter.ts#default', "Vitest's reporter of each layer's time (.ci/run prints it)"],
]);

/**
 * Unused exports left in place for a while, as `file#name`, with why (a part being reworked on a branch that is not
 * merged yet). An entry that is no longer unused is reported (not an error) so the list is emptied rather than kept.
 */
const LEFT_FOR_NOW: ReadonlyMap<string, string> = new Map<string, string>([]);

/** Calls whose first argument is a module path that stands for the whole module. */
const WHOLE_MODULE_CALLS = new Set(['vi.mock', 'vi.doMock', 'vi.importActual', 'vi.importMock']);

interface ExportSite {
  readonly name: string;
  readonly line: number;
}

interface ModuleFacts {
  readonly exports: ExportSite[];
  /** Modules whose exports this one forwards with `export * from`. */
  readonly stars: string[];
}

type Use = { readonly target: string; readonly name: string | null };

function projectFiles(): { files: string[]; options: ts.CompilerOptions } {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configPath);
  const files = parsed.fileNames.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')).map((file) => path.resolve(file));
  return { files, options: parsed.options };
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** The callee as dotted text (`vi.mock`), or null when it is not a plain property chain. */
function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) {
    const left = calleeName(expression.expression);
    return left === null ? null : `${left}.${expression.name.text}`;
  }
  return null;
}

function scan(source: ts.SourceFile, resolve: (specifier: string) => string | null): { facts: ModuleFacts; uses: Use[] } {
  const exports: ExportSite[] = [];
  const stars: string[] = [];
  const uses: Use[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const use = (specifier: ts.Expression | undefined, name: string | null) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const target = resolve(specifier.text);
    if (target !== null) uses.push({ target, name });
  };

  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (statement.moduleSpecifier && !clause) {
        const target = ts.isStringLiteralLike(statement.moduleSpecifier) ? resolve(statement.moduleSpecifier.text) : null;
        if (target !== null) stars.push(target);
      } else if (clause && ts.isNamespaceExport(clause)) {
        exports.push({ name: clause.name.text, line: lineOf(clause) });
        use(statement.moduleSpecifier, null);
      } else if (clause) {
        for (const element of clause.elements) {
          exports.push({ name: element.name.text, line: lineOf(element) });
          if (statement.moduleSpecifier) use(statement.moduleSpecifier, (element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      exports.push({ name: 'default', line: lineOf(statement) });
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) exports.push({ name, line: lineOf(declaration) });
        }
      } else if (
        ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)
      ) {
        const name = isDefault ? 'default' : statement.name && ts.isIdentifier(statement.name) ? statement.name.text : null;
        if (name !== null) exports.push({ name, line: lineOf(statement) });
      }
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.name) use(node.moduleSpecifier, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        const names = memberNames(source, bindings.name);
        if (names === null) use(node.moduleSpecifier, null);
        else for (const name of names) use(node.moduleSpecifier, name);
      }
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) use(node.moduleSpecifier, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      use(node.moduleReference.expression, null);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : calleeName(node.expression);
      if (callee === 'import' || (callee !== null && WHOLE_MODULE_CALLS.has(callee))) use(node.arguments[0], null);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const qualifier = node.qualifier;
      const first = qualifier === undefined ? null : ts.isIdentifier(qualifier) ? qualifier.text : leftmost(qualifier);
      use(node.argument.literal, node.isTypeOf && first === null ? null : first);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
      const [first, base] = node.arguments ?? [];
      if (first && ts.isStringLiteralLike(first) && first.text.startsWith('.') && base?.getText(source) === 'import.meta.url') {
        uses.push({ target: path.resolve(path.dirname(source.fileName), first.text), name: null });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { facts: { exports, stars }, uses };
}

/**
 * The names read from a namespace import when it is only ever used as `ns.Name` (in a value or a type), or null when
 * the namespace itself is used (passed on, spread, iterated), which then takes every export.
 */
function memberNames(source: ts.SourceFile, binding: ts.Identifier): Set<string> | null {
  const names = new Set<string>();
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === binding.text && node !== binding) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
      else if (ts.isQualifiedName(parent) && parent.left === node) names.add(parent.right.text);
      else whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return whole ? null : names;
}

function leftmost(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : leftmost(name.left);
}

function main(): number {
  const listTestOnly = process.argv.includes('--test-only');
  const { files, options } = projectFiles();
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);
  const modules = new Map<string, ModuleFacts>();
  /** `file#name` → the files that import it; `file#*` for a whole-module import. */
  const importers = new Map<string, Set<string>>();
  const allUses: { user: string; use: Use }[] = [];

  for (const file of files) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const resolve = (specifier: string): string | null => {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) return null;
      const target = path.resolve(resolved.resolvedFileName);
      return known.has(target) ? target : null;
    };
    const { facts, uses } = scan(source, resolve);
    modules.set(file, facts);
    for (const use of uses) allUses.push({ user: file, use });
  }

  const mark = (target: string, name: string | null, user: string, seen: Set<string>): void => {
    if (seen.has(target) || target === user) return;
    seen.add(target);
    const facts = modules.get(target);
    if (!facts) return;
    const key = `${target}#${name ?? '*'}`;
    let users = importers.get(key);
    if (!users) importers.set(key, (users = new Set()));
    users.add(user);
    // A name the module does not declare itself comes through its `export *`; a whole-module import takes those too.
    if (name === null || !facts.exports.some((site) => site.name === name)) {
      for (const star of facts.stars) mark(star, name, user, seen);
    }
  };
  for (const { user, use } of allUses) mark(use.target, use.name, user, new Set());

  const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
  const isTest = (file: string) => relative(file).startsWith('tests/');
  const unused: string[] = [];
  const testOnly: string[] = [];
  const exempted = new Set<string>();
  const leftAlone = new Set<string>();
  for (const [file, facts] of modules) {
    for (const site of facts.exports) {
      const id = `${relative(file)}#${site.name}`;
      if (TOOL_EXPORTS.has(id)) {
        exempted.add(id);
        continue;
      }
      const users = new Set([...(importers.get(`${file}#${site.name}`) ?? []), ...(importers.get(`${file}#*`) ?? [])]);
      const where = `${relative(file)}:${site.line}`;
      if (users.size === 0 && LEFT_FOR_NOW.has(id)) leftAlone.add(id);
      else if (users.size === 0) unused.push(`${where}: '${site.name}' is exported but no other file imports it`);
      else if (!isTest(file) && [...users].every(isTest)) testOnly.push(`${where}: '${site.name}'`);
    }
  }
  const stale = [...TOOL_EXPORTS.keys()].filter((id) => !exempted.has(id));

  for (const line of unused) console.error(line);
  for (const id of stale) console.error(`scripts/unused-exports.ts: TOOL_EXPORTS names ${id}, which is no longer exported`);
  for (const id of LEFT_FOR_NOW.keys()) {
    if (!leftAlone.has(id)) console.warn(`scripts/unused-exports.ts: LEFT_FOR_NOW names ${id}, which is no longer an unused export: drop the entry`);
  }
  if (listTestOnly) for (const line of testOnly) console.info(line);
  console.info(
    `${files.length} files: ${unused.length} unused export(s) (${leftAlone.size} more left for now); ` +
      `${testOnly.length} export(s) outside tests/ imported only by tests` +
      (listTestOnly ? '' : ' (--test-only lists them)'),
  );
  return unused.length + stale.length === 0 ? 0 : 1;
}

process.exitCode = main();
