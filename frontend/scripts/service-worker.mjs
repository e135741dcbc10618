#!/usr/bin/env node
// The shop's service worker (issue #26): run by `npm run build` last, once scripts/prerender.mjs
// has written the pages, it writes dist/app/sw.js with Workbox (workbox-build's generateSW), so
// that the shop's frame and what a shopper already saw open without the network:
// - precached: the shop's code and styles (hashed, so never stale: the entry, the shop's frame,
//   every screen under it and what they import, read from the build's manifest and
//   src/app/router.tsx) and the shop's frame page (prerender/shell.html), the fallback of a page
//   never opened. The back office's code (its frame, its screens, the printable cut and ticket) is
//   left to the network: a shopper's phone does not download it (about 85 KB of gzip);
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
import ts from 'typescript'
import { generateSW } from 'workbox-build'
import { chunkClosure, manifestFile, readManifest, shopFrameKey } from './build-manifest.mjs'

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const app = path.join(frontend, 'dist/app')

/** The page the app draws any shop route in when the route's own page was never cached. */
const SHELL = '/prerender/shell.html'

/** The module of the shop's frame, as src/app/router.tsx imports it (its chunk: shopFrameKey). */
const SHOP_FRAME = '@/app/shop-layout'

/** Every `import('…')` under node, as written ('@/app/shop-layout'). */
function dynamicImports(node) {
  const found = []
  const visit = (n) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(n.arguments[0])) {
      found.push(n.arguments[0].text)
    }
    ts.forEachChild(n, visit)
  }
  visit(node)
  return found
}

/**
 * The lazily loaded route modules of src/app/router.tsx, as keys of the build's manifest: the
 * shop's (the route of the shop's frame and every route under it) and the others (the back
 * office's frame and screens, the printable cut and ticket).
 */
function routeModules(manifest) {
  const file = path.join(frontend, 'src/app/router.tsx')
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  let shopRoute
  const find = (node) => {
    const isShopRoute =
      ts.isObjectLiteralExpression(node) && node.properties.some((p) => ts.isSpreadAssignment(p) && dynamicImports(p).includes(SHOP_FRAME))
    if (isShopRoute) shopRoute ??= node
    else ts.forEachChild(node, find)
  }
  find(source)
  if (!shopRoute) throw new Error(`service worker: no route loads ${SHOP_FRAME} in src/app/router.tsx`)
  const key = (specifier) => {
    if (specifier === SHOP_FRAME) return shopFrameKey(manifest)
    const keys = Object.keys(manifest).filter((k) => k.replace(/\.tsx?$/, '') === specifier.replace(/^@\//, 'src/'))
    if (keys.length !== 1) throw new Error(`service worker: ${specifier} is ${keys.length} chunks of the build, not one`)
    return keys[0]
  }
  const shop = new Set(dynamicImports(shopRoute).map(key))
  const others = new Set(dynamicImports(source).map(key).filter((k) => !shop.has(k)))
  return { shop, others }
}

/**
 * The files of the shop's code: the entry and what it imports, what it loads lazily besides the
 * routes (the error log), and the shop's routes with everything they import or load, but nothing
 * of the other routes'.
 */
function shopFiles(manifest) {
  const { shop, others } = routeModules(manifest)
  const chunks = chunkClosure(manifest, ['index.html', ...shop], { lazily: true, skip: others })
  return new Set([...chunks].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]))
}

// Read from the build's manifest, which the binary, embedding dist/, does not need afterwards.
const shop = shopFiles(readManifest(app))
fs.rmSync(path.dirname(manifestFile(app)), { recursive: true, force: true })

const { count, size, warnings } = await generateSW({
  swDest: path.join(app, 'sw.js'),
  globDirectory: app,
  globPatterns: ['assets/**/*.{js,css}', 'prerender/shell.html', 'favicon.svg'],
  // Of the code, the shop's only. Sentry's SDK (150 KB of gzip, loaded only when a DSN is set, and
  // of no use offline) is left to the network too: a phone should not download it for nothing.
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.filter(
        (e) =>
          (!e.url.startsWith('assets/') || shop.has(e.url)) &&
          !fs.readFileSync(path.join(app, e.url), 'utf8').includes('__SENTRY_DEBUG__'),
      ),
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
