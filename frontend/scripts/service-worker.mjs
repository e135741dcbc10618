#!/usr/bin/env node
// The shop's service worker (issue #26): run by `npm run build` last, once scripts/prerender.mjs
// has written the pages, it writes dist/app/sw.js with Workbox (workbox-build's generateSW), so
// that the shop's frame and what a shopper already saw open without the network:
// - precached: the build's code and styles (hashed, so never stale) and the shop's frame page
//   (prerender/shell.html), the fallback of a page never opened;
// - pages (navigations): network first, so the Go server's pages (prerendered, each with its own
//   title, tags and data) and a new build are always what a connected browser gets; offline, the
//   page as last seen, or the shop's frame, where the app draws the route (the cart from the
//   browser's storage);
// - the catalogue's answers (GET /v1/productos..., /v1/config) and the shop's own pictures
//   (/v1/imagenes/...): stale-while-revalidate, answered from the cache at once and refreshed
//   behind. No other call is cached: staff, account, payment, orders and every POST go to the
//   network alone, so nothing is replayed or sent twice.
// src/main.tsx registers it a few seconds after the page's load event, so that its first install
// does not compete with the first screen; the Go server serves it like any file of the build
// (Cache-Control: no-cache), so a new build's worker is found on the next visit.
//
//   node scripts/service-worker.mjs
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateSW } from 'workbox-build'

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist/app')

/** The page the app draws any shop route in when the route's own page was never cached. */
const SHELL = '/prerender/shell.html'

const { count, size, warnings } = await generateSW({
  swDest: path.join(app, 'sw.js'),
  globDirectory: app,
  globPatterns: ['assets/**/*.{js,css}', 'prerender/shell.html', 'favicon.svg'],
  // Sentry's SDK (150 KB of gzip, loaded only when a DSN is set, and of no use offline) is left to
  // the network: a phone should not download it for nothing.
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.filter((e) => !fs.readFileSync(path.join(app, e.url), 'utf8').includes('__SENTRY_DEBUG__')),
      warnings: [],
    }),
  ],
  // Hashed names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
  // One file, no runtime beside it: the server serves sw.js like any file of the build.
  inlineWorkboxRuntime: true,
  mode: 'production',
  sourcemap: false,
  cleanupOutdatedCaches: true,
  // A new build's worker takes over at once: its precache holds the new build's chunks.
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/v1/'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'paginas',
        networkTimeoutSeconds: 5,
        expiration: { maxEntries: 60 },
        // The cart's page varies with the cart cookie; offline, whichever was seen will do.
        matchOptions: { ignoreVary: true },
        precacheFallback: { fallbackURL: SHELL },
      },
    },
    {
      urlPattern: ({ url }) =>
        url.origin === self.location.origin && (/^\/v1\/productos(\/|$)/.test(url.pathname) || url.pathname === '/v1/config'),
      handler: 'StaleWhileRevalidate',
      method: 'GET',
      options: {
        cacheName: 'catalogo',
        expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/v1/imagenes/'),
      handler: 'StaleWhileRevalidate',
      method: 'GET',
      options: {
        cacheName: 'imagenes',
        expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
})
for (const w of warnings) console.warn(`  service worker: ${w}`)
console.log(`  sw.js: ${count} files precached, ${(size / 1000).toFixed(0)} KB`)
