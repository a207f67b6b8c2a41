/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { escapeHtml, fillsEveryStandIn, NEW_HIRE_PAGE_FILE } from './shared/signed-in-page.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes `.br` and `.gz` next to every built text file, once, at build time; the server sends them
 * (serveStatic `precompressed`) to browsers that accept them. Uncompressed, a first visit moves about
 * four times the bytes, which on a phone's connection is most of the load time.
 */

/**
 * Adds a chunk and every chunk it imports statically, transitively, to `into` (what the browser loads
 * with it); the two build plugins below both need it.
 */
function importClosure(chunks: Rollup.OutputChunk[]): (fileName: string, into: Set<string>) => Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into: Set<string>): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
    return into;
  };
  return closure;
}
function precompress(): Plugin {
  return {
    name: 'kickoff:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? fromRoot('./dist');
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(?:js|css|html|svg|json|webmanifest)$/.test(fileName)) continue;
        const bytes = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (bytes.length < 1024) continue;
        const path = join(outDir, fileName);
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Starts downloading the current route's code together with the framework instead of after it.
 * TanStack Router asks for a route's chunks only once the entry has run, one round trip late on a
 * phone. This writes a tiny script, loaded `async` from index.html, that maps each file route's URL
 * to its chunks (the layout's and the page's, minus what the entry already loads) and adds
 * `<link rel="modulepreload">` for the URL being opened.
 */
function routePreload(): Plugin {
  const routesDir = fromRoot('./app/routes');
  let script: { fileName: string; source: string } | undefined;

  /** `_app/templates/$id.edit` -> /^\/templates\/[^/]+\/edit\/?$/ (TanStack's file-route naming). */
  const urlPattern = (route: string) => {
    const segments = route
      .split(/[/.]/)
      .filter((segment) => segment !== 'index' && !segment.startsWith('_'))
      .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return `^/${segments.join('/')}${segments.length ? '/?' : ''}$`;
  };

  return {
    name: 'kickoff:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const entry = chunks.find(isAppEntry);
        if (!entry) return;
        const closure = importClosure(chunks);
        const loaded = closure(entry.fileName, new Set());
        // Route files (relative, no extension) -> their split component chunk.
        const routeChunks = new Map<string, string>();
        for (const chunk of chunks) {
          const match = chunk.facadeModuleId?.match(/^(.*)\.tsx\?tsr-split=component$/);
          if (match?.[1]?.startsWith(routesDir)) routeChunks.set(relative(routesDir, match[1]), chunk.fileName);
        }
        const files: string[] = [];
        const routes: [string, number[]][] = [];
        for (const route of routeChunks.keys()) {
          // A layout (e.g. _app) wraps the routes in its folder; leaves only.
          if ([...routeChunks.keys()].some((other) => other.startsWith(`${route}/`))) continue;
          const layouts = route
            .split('/')
            .slice(0, -1)
            .map((_, index, parts) => parts.slice(0, index + 1).join('/'));
          const needed = new Set<string>();
          for (const part of [...layouts, route]) {
            const chunk = routeChunks.get(part);
            if (chunk) closure(chunk, needed);
          }
          const indexes = [...needed]
            .filter((file) => !loaded.has(file) && /^assets\/[^/]+\.js$/.test(file))
            .map((file) => file.slice('assets/'.length, -'.js'.length))
            .map((name) => (files.includes(name) ? files.indexOf(name) : files.push(name) - 1));
          routes.push([urlPattern(route), indexes]);
        }
        const source =
          `const f=${JSON.stringify(files)},r=${JSON.stringify(routes)};` +
          'for(const[p,i]of r)if(new RegExp(p).test(location.pathname)){for(const n of i){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href="/assets/"+f[n]+".js";document.head.append(l)}break}\n';
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/route-preload-${hash}.js`, source };
        return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${script.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
      },
    },
  };
}

/** The app's entry chunk (index.html's script), as opposed to the prerendered site pages' (app/site.tsx). */
const isAppEntry = (chunk: Rollup.OutputChunk) => chunk.isEntry && (chunk.facadeModuleId?.endsWith('/index.html') ?? false);

/** What app/prerender.tsx exports, as the plugin below loads it (its own types live in the browser's program). */
type Prerenderer = {
  SITE_PATHS: string[];
  APP_PATHS: string[];
  renderSitePage(path: string): Promise<{ html: string; meta: { title: string; description: string }; modules: string[] }>;
  renderAppPage(path: string): Promise<string>;
  renderNewHirePage(): string;
};

/** Builds app/prerender.tsx for Node (dependencies bundled, in a temporary folder) and loads it. */
async function loadPrerenderer(): Promise<Prerenderer> {
  const dir = mkdtempSync(join(tmpdir(), 'kickoff-prerender-'));
  try {
    await build({
      configFile: false,
      root: fromRoot('./app'),
      publicDir: false,
      logLevel: 'warn',
      plugins: [react()],
      ssr: { noExternal: true },
      build: {
        ssr: fromRoot('./app/prerender.tsx'),
        outDir: dir,
        emptyOutDir: true,
        minify: false,
        // vite-plugin-pwa's virtual modules exist only in the browser build: the lazy chunks that import
        // them (the update prompt) are never loaded while prerendering.
        // Without the router plugin's code splitting, the routes import the public pages that
        // site-pages.tsx imports lazily: of no matter in a bundle that only runs once, at build time.
        rolldownOptions: { external: [/^virtual:/], checks: { ineffectiveDynamicImport: false } },
      },
    });
    const file = readdirSync(dir).find((name) => /^prerender\.m?js$/.test(name));
    if (!file) throw new Error(`kickoff:prerender: no prerender bundle in ${dir}`);
    return (await import(pathToFileURL(join(dir, file)).href)) as Prerenderer;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Prerenders the public pages at build time, so they paint before any script has run (issue 20). The
 * server sends `prerendered/<page>.html` to a visitor without a session cookie (api/server.ts) and
 * index.html, the empty app shell, to everyone else; the service worker keeps answering navigations
 * with the shell. Two kinds:
 * - site pages (landing, legal pages): the page's HTML with app/site.tsx and its stylesheet (site.css)
 *   instead of the app's, which hydrates only the page's islands (features/site/island.tsx), with React
 *   alone; the islands' chunks are preloaded with it.
 * - the app's signed-out screens (sign-in, sign-up, forgot password): the screen's HTML, `inert` until
 *   main.tsx draws the same screen over it; the scripts are index.html's.
 */
function prerenderPublicPages(): Plugin {
  return {
    name: 'kickoff:prerender',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const shellAsset = bundle['index.html'];
        if (shellAsset?.type !== 'asset') return;
        const shell = String(shellAsset.source);
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const siteEntry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'site');
        if (!siteEntry) throw new Error('kickoff:prerender: no chunk for app/site.tsx');
        const siteCss = [...(siteEntry.viteMetadata?.importedCss ?? [])];
        if (siteCss.length === 0) throw new Error('kickoff:prerender: app/site.tsx has no stylesheet (site.css)');
        const stylesheets = siteCss.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`).join('\n');
        const closure = importClosure(chunks);
        // The page is on screen before any script runs: its stylesheet comes first, scripts after it.
        const lowPriorityScripts = (html: string) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
        // index.html's root holds a loading note until the app draws; a prerendered page takes its place.
        const root = /<div id="root">[\s\S]*?<\/div>(?=\s*(?:<script|<\/body>))/;
        const withRoot = (html: string, page: string, attributes = '') => {
          if (!root.test(shell)) throw new Error('kickoff:prerender: index.html has no <div id="root"> before its scripts or </body>');
          return html.replace(root, () => `<div id="root"${attributes}>${page}</div>`);
        };
        // An app screen (signed out, or the new hire's dashboard): index.html around it, inert until the app draws over it.
        const appScreen = (page: string) => withRoot(lowPriorityScripts(shell), page, ' inert');

        // Scripts React or the router add for a server-rendered app: the app's screens are replaced, not hydrated.
        const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

        const prerenderer = await loadPrerenderer();
        for (const path of prerenderer.SITE_PATHS) {
          const { html, meta, modules } = await prerenderer.renderSitePage(path);
          // The chunks of the page's islands, preloaded with the entry rather than asked for once it runs.
          const preloaded = new Set(siteEntry.imports);
          for (const module of modules) {
            const islandChunk = chunks.find((chunk) => siteEntry.dynamicImports.includes(chunk.fileName) && chunk.moduleIds.includes(fromRoot(`./app/${module}`)));
            if (!islandChunk) throw new Error(`kickoff:prerender: no chunk of app/site.tsx holds ${module}`);
            closure(islandChunk.fileName, preloaded);
          }
          const preloads = [...preloaded].filter((file) => file !== siteEntry.fileName);
          const scripts =
            `<script type="module" crossorigin fetchpriority="low" src="/${siteEntry.fileName}"></script>\n` +
            preloads.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`).join('');
          const head = shell
            // The app's scripts (its route-preload map, its entry and the entry's preloads), its early
            // question of who is signed in (with its comment) and its stylesheet.
            .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
            .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/, '')
            .replace(/<link rel="stylesheet"[^>]*>/, () => `${scripts}${stylesheets}`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
            .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`)
            .replace(/<meta property="og:title" content="[^"]*" \/>/, `<meta property="og:title" content="${escapeHtml(meta.title)}" />`)
            .replace(/<meta property="og:description" content="[^"]*" \/>/, `<meta property="og:description" content="${escapeHtml(meta.description)}" />`);
          this.emitFile({ type: 'asset', fileName: `prerendered${path === '/' ? '/index' : path}.html`, source: withRoot(head, html) });
        }
        for (const path of prerenderer.APP_PATHS) {
          const html = withoutScripts(await prerenderer.renderAppPage(path));
          this.emitFile({ type: 'asset', fileName: `prerendered${path}.html`, source: appScreen(html) });
        }
        // The new hire's dashboard as it first draws, for a stand-in new hire: the server fills in theirs.
        const newHirePage = withoutScripts(prerenderer.renderNewHirePage());
        if (!fillsEveryStandIn(newHirePage)) throw new Error("kickoff:prerender: the new hire's page shows a detail of the person that shared/signed-in-page.ts does not fill in");
        this.emitFile({ type: 'asset', fileName: NEW_HIRE_PAGE_FILE, source: appScreen(newHirePage) });
      },
    },
  };
}

export default defineConfig({
  root: 'app',
  publicDir: fromRoot('./public'),
  resolve: {
    // Dexie's own build for ES2018+ browsers: the package's default (a UMD wrapper for older ones) costs
    // the new hire's first visit 1.3 KiB gzip more. One instance still: every import of 'dexie' comes here.
    alias: [{ find: /^dexie$/, replacement: fromRoot('./node_modules/dexie/dist/modern/dexie.mjs') }],
  },
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Tailwind 4's own baseline (oklch, color-mix, @property, cascade layers): older browsers cannot use
    // its CSS anyway, and without this Lightning CSS adds rgb and lab copies of every colour.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    // Every browser we support has <link rel="modulepreload">; the polyfill would cost every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html) and the prerendered public pages' own entry (see prerenderPublicPages).
      input: { index: fromRoot('./app/index.html'), site: fromRoot('./app/site.tsx') },
      // (*) Entry chunks may export what the chunks inlined into them need; strictExecutionOrder (which
      // keeps every module's code running in import order wherever it is copied) comes with it.
      preserveEntrySignatures: false,
      output: {
        // Two framework chunks instead of a dozen slivers: React (with lucide's icon factory), which every
        // page needs, and the router and react-query, which the app needs and the prerendered public pages
        // (app/site.tsx) do not. Fewer requests, and each gzips smaller than its pieces. Icons stay in the
        // chunks of the screens that draw them.
        codeSplitting: {
          // Small common chunks (an icon, a hook two screens share) are copied into the chunks that use
          // them instead of each being a request of its own: the new-hire dashboard's first visit fell
          // from 76 requests to 28 (HTTP/1.1 fetches six at a time; Lighthouse's LCP there went from
          // ~4.1 s to ~3.0 s) for about the same bytes. Needs the two settings marked (*). Experimental in
          // rolldown 1.2: the exact versions are pinned, and the e2e suites cover the result.
          experimentalInlineCommonChunks: { maxSize: 4000 },
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](?:react|react-dom|scheduler|lucide-react[\\/]dist[\\/]esm[\\/](?:createLucideIcon|Icon|defaultAttributes|context|shared[\\/]src[\\/]utils)[^\\/]*)(?:[\\/]|$)/,
            },
            { name: 'framework', test: /node_modules[\\/](?:@tanstack|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  plugins: [
    // Absolute paths: with root 'app', relative ones resolve under app/app and code splitting is lost.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('./app/routes'),
      generatedRouteTree: fromRoot('./app/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    routePreload(),
    prerenderPublicPages(),
    precompress(),
    // The service worker (DESIGN.md section 6), app/sw.ts: precaches the app shell, answers navigations
    // with index.html offline, never caches /api (Dexie is the new hire's cache), and shows Web Push
    // notifications. injectManifest builds it (one classic script, workbox bundled in) and writes the
    // precache list into it. The manifest is public/manifest.webmanifest, linked from index.html; its
    // artwork comes from scripts/make-icons.ts.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      manifest: false,
      injectManifest: {
        // Registered as a classic worker (app/components/pwa/service-worker.ts): no module syntax in it.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        // Store screenshots and the social card are for other sites, not for the app offline; the
        // landing page's walkthrough video (and its poster) loads only when played.
        // The prerendered pages are for first visits; offline, navigations get the app shell.
        globIgnores: ['**/node_modules/**/*', 'sw.js', 'workbox-*.js', 'prerendered/**', '**/icons/screenshot-*', '**/icons/og-image.png', '**/videos/**'],
      },
    }),
  ],
  test: {
    root: fromRoot('.'),
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which left a core
    // idle (with two: the SQLite run 402 -> 237 s, the PostgreSQL one 674 -> 443 s).
    maxWorkers: 2,
    testTimeout: 20_000,
    // `api` runs twice in `npm test`: on SQLite, and on PostgreSQL under scripts/with-postgres.ts (test:pg).
    projects: [
      // The API files share their worker's modules instead of importing the whole server again each (about
      // 1.5 s a file). In CI, from a fresh clone: test:pg 407 -> 333 s, test:unit only 253 -> 244 s, as the
      // shared heap grows to ~1 GB and tests run slower. api/test/setup.ts makes each file leave nothing behind.
      { extends: true, test: { name: 'api', include: ['api/**/*.test.ts'], setupFiles: ['api/test/setup.ts'], isolate: false } },
      { extends: true, test: { name: 'client', include: ['shared/**/*.test.ts', 'app/**/*.test.ts'] } },
    ],
  },
});
