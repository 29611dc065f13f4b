// What the shared core (src/shared) imports, read with the TypeScript compiler's own parser: static imports,
// `export … from`, dynamic `import()`, `import x = require()`, `require()` and `typeof import()` types. The rule:
// a relative import resolves inside src/shared; a bare one names a neutral package (SHARED_PACKAGES), and a few
// packages only for their types (TYPE_ONLY_PACKAGES, `import type`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Packages that run unchanged in the browser, its workers, Node and Deno (eslint.config.js lists the same). */
export const SHARED_PACKAGES = ['hono', 'hono/*', '@hono/zod-openapi', 'zod', 'jose'];
/** Packages the core names only in types (erased before it runs). */
export const TYPE_ONLY_PACKAGES = ['@supabase/supabase-js'];

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

export interface ImportSite {
  specifier: string;
  typeOnly: boolean;
}

/** Every module specifier `text` names, with whether the import is erased (type-only). */
export function importsOf(fileName: string, text: string): ImportSite[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const sites = new Map<string, boolean>();
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) sites.set(node.text, (sites.get(node.text) ?? true) && typeOnly);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly === true);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  // The compiler's own import scanner, as a second reader: anything it finds that the walk missed counts as a
  // runtime import.
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    if (!sites.has(ref.fileName)) sites.set(ref.fileName, false);
  }
  return [...sites].map(([specifier, typeOnly]) => ({ specifier, typeOnly }));
}

const matches = (pattern: string, specifier: string) =>
  pattern.endsWith('/*') ? specifier.startsWith(pattern.slice(0, -1)) : specifier === pattern;

/** Why `site` in `file` breaks the rule, or null. Paths are absolute; `coreDir` is src/shared. */
export function violation(coreDir: string, file: string, site: ImportSite): string | null {
  const { specifier, typeOnly } = site;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(file), specifier);
    return target === coreDir || target.startsWith(coreDir + sep) ? null : 'resolves outside src/shared';
  }
  if (SHARED_PACKAGES.some((p) => matches(p, specifier))) return null;
  if (TYPE_ONLY_PACKAGES.some((p) => matches(p, specifier))) return typeOnly ? null : 'may be imported for types only';
  return 'is not one of the neutral packages';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Every source file under `coreDir`, relative to `root`, with what breaks the rule as `file: specifier (why)`. */
export function checkSharedCore(root: string, coreDir: string): { files: string[]; violations: string[] } {
  const files = sourceFiles(coreDir).sort();
  const violations: string[] = [];
  for (const file of files) {
    for (const site of importsOf(file, readFileSync(file, 'utf8'))) {
      const why = violation(coreDir, file, site);
      if (why) violations.push(`${relative(root, file).split(sep).join('/')}: ${site.specifier} (${why})`);
    }
  }
  return { files: files.map((f) => relative(root, f).split(sep).join('/')), violations };
}
