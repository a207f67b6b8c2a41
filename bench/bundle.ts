// Bundle benchmark (issue 10): builds the app and prints, per route, the JS and CSS a first visit
// downloads (raw and gzip) against the budget. The set per route comes from Vite's manifest graph:
// the entry chunk and everything it imports statically, plus each matched route's lazy component
// chunk (TanStack Router's `?tsr-split=component`) and its static imports, plus any other script
// index.html loads (the route-preload map from vite.config.ts). Lazy imports made later (on sign-in,
// interaction or idle) are not part of a first visit and are not counted.
// Usage: npx tsx bench/bundle.ts [--skip-build] [--files]   (--files lists each route's files)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false }, files: { type: 'boolean', default: false } } });
const outDir = resolve('bench/out/dist');
const manifestPath = join(outDir, '.vite', 'manifest.json');

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const KIB = 1024;
/** Gzip budgets in KiB (issue 10); CSS applies to every route. */
const BUDGET = { landingJs: 110, newHireJs: 180, css: 15 };

/** Route files per URL, outermost layout first (app/routes, TanStack Router file routes). */
const ROUTES: { url: string; label: string; files: string[]; jsBudget?: number }[] = [
  { url: '/', label: 'landing (signed out)', files: ['routes/index.tsx'], jsBudget: BUDGET.landingJs },
  { url: '/login', label: 'sign-in', files: ['routes/login.tsx'] },
  { url: '/new-hire-dashboard', label: 'new-hire dashboard', files: ['routes/_app.tsx', 'routes/_app/new-hire-dashboard.tsx'], jsBudget: BUDGET.newHireJs },
  { url: '/admin-dashboard', label: 'admin dashboard', files: ['routes/_app.tsx', 'routes/_app/admin-dashboard.tsx'] },
  { url: '/templates/new', label: 'new template', files: ['routes/_app.tsx', 'routes/_app/templates/new.tsx'] },
];

if (!args['skip-build']) {
  const started = performance.now();
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
  console.log(`Built into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run without --skip-build.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(join(outDir, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(file, size);
  }
  return size;
}

/** The manifest keys a chunk pulls in statically, itself included. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');

/** Scripts index.html loads itself that are not chunks of the module graph (e.g. the route-preload map). */
const htmlScripts = [...readFileSync(join(outDir, 'index.html'), 'utf8').matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)]
  .map((match) => match[1] as string)
  .filter((file) => !Object.values(manifest).some((chunk) => chunk.file === file));

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const routeFiles = new Map<string, string[]>();
const rows = ROUTES.map((route) => {
  const keys = staticClosure(entryKey);
  const missing: string[] = [];
  for (const file of route.files) {
    const key = `${file}?tsr-split=component`;
    if (manifest[key]) staticClosure(key, keys);
    else missing.push(file);
  }
  const js = new Set<string>(htmlScripts);
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as Chunk;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  routeFiles.set(route.url, [...js, ...css]);
  const total = (files: Set<string>) => [...files].reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), { raw: 0, gzip: 0 });
  const jsSize = total(js);
  const cssSize = total(css);
  const jsVerdict = route.jsBudget === undefined ? '-' : jsSize.gzip <= route.jsBudget * KIB ? 'ok' : 'OVER';
  const cssVerdict = cssSize.gzip <= BUDGET.css * KIB ? 'ok' : 'OVER';
  return {
    route: route.url,
    page: route.label + (missing.length ? ` (no split chunk for ${missing.join(', ')})` : ''),
    'JS files': js.size,
    'JS KiB': kib(jsSize.raw),
    'JS gzip KiB': kib(jsSize.gzip),
    'JS budget': route.jsBudget === undefined ? '-' : `${route.jsBudget} ${jsVerdict}`,
    'CSS KiB': kib(cssSize.raw),
    'CSS gzip KiB': kib(cssSize.gzip),
    'CSS budget': `${BUDGET.css} ${cssVerdict}`,
  };
});

console.table(rows);
if (args.files) {
  for (const [url, files] of routeFiles) {
    const listed = files.map((file) => ({ file, gzip: sizeOf(file).gzip })).sort((a, b) => b.gzip - a.gzip);
    console.log(`${url}: ${listed.map(({ file, gzip }) => `${file.replace('assets/', '')} ${kib(gzip)}`).join(', ')}`);
  }
}
const entryFiles = [...staticClosure(entryKey)].map((key) => (manifest[key] as Chunk).file).filter((file) => file.endsWith('.js'));
const biggest = entryFiles.map((file) => ({ file, 'gzip KiB': kib(sizeOf(file).gzip), gzip: sizeOf(file).gzip })).sort((a, b) => b.gzip - a.gzip);
console.log('Largest chunks every first visit loads (the entry and its static imports):');
console.table(biggest.slice(0, 6).map(({ file, 'gzip KiB': gzipKib }) => ({ file, 'gzip KiB': gzipKib })));
const over = rows.filter((row) => row['JS budget'].endsWith('OVER') || row['CSS budget'].endsWith('OVER'));
console.log(over.length ? `OVER budget: ${over.map((row) => row.route).join(', ')}` : 'Every route is within its budget.');
