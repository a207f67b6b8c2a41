/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes `.br` and `.gz` next to every built text file, once, at build time; the server sends them
 * (serveStatic `precompressed`) to browsers that accept them. Uncompressed, a first visit moves about
 * four times the bytes, which on a phone's connection is most of the load time.
 */
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
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
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

export default defineConfig({
  root: 'app',
  publicDir: fromRoot('./public'),
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser we support has <link rel="modulepreload">; the polyfill would cost every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // One framework chunk instead of a dozen slivers (react, react-dom, the router, react-query and
        // lucide's icon factory are needed by every screen): fewer requests, and it gzips ~3 KiB smaller
        // than the pieces. Icons stay in the chunks of the screens that draw them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack|use-sync-external-store|lucide-react[\\/]dist[\\/]esm[\\/](?:createLucideIcon|Icon|defaultAttributes|context|shared[\\/]src[\\/]utils)[^\\/]*)(?:[\\/]|$)/,
            },
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
    precompress(),
    // The service worker (DESIGN.md section 6): precaches the app shell, answers navigations with
    // index.html offline, and never caches /api (Dexie is the new hire's cache). The manifest is
    // public/manifest.webmanifest, linked from index.html; its artwork comes from scripts/make-icons.ts.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        // Store screenshots and the social card are for other sites, not for the app offline; the
        // landing page's walkthrough video (and its poster) loads only when played.
        globIgnores: ['**/node_modules/**/*', 'sw.js', 'workbox-*.js', '**/icons/screenshot-*', '**/icons/og-image.png', '**/videos/**'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  test: {
    root: fromRoot('.'),
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    // `api` runs twice in `npm test`: on SQLite, and on PostgreSQL under scripts/with-postgres.ts (test:pg).
    projects: [
      { extends: true, test: { name: 'api', include: ['api/**/*.test.ts'], setupFiles: ['api/test/setup.ts'] } },
      { extends: true, test: { name: 'client', include: ['shared/**/*.test.ts', 'app/**/*.test.ts'] } },
    ],
  },
});
