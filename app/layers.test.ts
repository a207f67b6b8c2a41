// The layer rules of docs/architecture.md, checked on every test run: imports flow shared -> lib,
// sync, components -> features -> routes, a feature never imports another, and there are no barrels.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** Every relative import of a file, as a path from the repository root ('app/lib/notify.ts'). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => relative(root, resolve(root, dirname(file), match[1]!)));
}

const featureOf = (path: string) => /^app\/features\/([^/]+)\//.exec(path)?.[1];

const appFiles = sourceFiles('app');
const edges = appFiles.flatMap((file) => importsOf(file).map((target) => ({ file, target })));

describe('layers', () => {
  it('keeps components, lib and sync free of features and routes', () => {
    const upward = edges.filter(({ file, target }) => /^app\/(components|lib|sync)\//.test(file) && /^app\/(features|routes)\//.test(target));
    expect(upward).toEqual([]);
  });

  it('keeps each feature to itself: what two features share lives in components, lib or shared', () => {
    const across = edges.filter(({ file, target }) => featureOf(file) && featureOf(target) && featureOf(file) !== featureOf(target));
    expect(across).toEqual([]);
  });

  it('keeps features free of routes', () => {
    expect(edges.filter(({ file, target }) => featureOf(file) && target.startsWith('app/routes/'))).toEqual([]);
  });

  it('imports only types from api/', () => {
    const runtime = appFiles.filter((file) => /^import (?!type )[^;]*from '(\.\.\/)+api\//m.test(readFileSync(join(root, file), 'utf8')));
    expect(runtime).toEqual([]);
  });

  it('has no barrel files', () => {
    expect(appFiles.filter((file) => /\/index\.tsx?$/.test(file) && !file.startsWith('app/routes/'))).toEqual([]);
  });

  it('keeps shared/ free of app/ and api/', () => {
    const leaks = sourceFiles('shared').flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(app|api)\//.test(target))
        .map((target) => ({ file, target })),
    );
    expect(leaks).toEqual([]);
  });
});
