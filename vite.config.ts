/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: 'app',
  publicDir: fromRoot('./public'),
  build: { outDir: fromRoot('./dist'), emptyOutDir: true, target: 'es2022' },
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
        // Store screenshots and the social card are for other sites, not for the app offline.
        globIgnores: ['**/node_modules/**/*', 'sw.js', 'workbox-*.js', '**/icons/screenshot-*', '**/icons/og-image.png'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  test: {
    root: fromRoot('.'),
    include: ['shared/**/*.test.ts', 'api/**/*.test.ts', 'app/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
  },
});
