#!/usr/bin/env node
// Build-time prerendering (issue #9), run by `npm run build` after the client and SSR builds:
// renders the pages below with the SSR bundle (src/prerender.tsx, built into dist/ssr) and writes
// each into a copy of dist/app/index.html, inside <div id="root">. The Go server (app/server.go
// spaHandler) picks the file by route. dist/ssr is removed afterwards: the binary embeds dist/.
//
//   node scripts/prerender.mjs
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chunkClosure, readManifest, shopFrameKey } from './build-manifest.mjs'

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const app = path.join(frontend, 'dist/app')
const ssr = path.join(frontend, 'dist/ssr')

/**
 * The files app/server.go serves, under dist/app/prerender/: the path rendered and how, and the
 * module of the route's screen, whose code the page preloads (see routePreloads).
 */
const PAGES = [
  { file: 'home.html', path: '/', screen: 'src/features/catalog-home/components/home-page.tsx' },
  // The product screen in its loading state: the same for every product.
  { file: 'product.html', path: '/product/_', screen: 'src/features/catalog/components/producto-page.tsx' },
  // A category's screen in its loading state, the same for every category: the page then carries
  // its first screen (app/pages.go), and its code is preloaded with the entry.
  { file: 'category.html', path: '/busqueda/_', screen: 'src/features/catalog/components/categoria-page.tsx' },
  { file: 'cart.html', path: '/carrito', screen: 'src/features/checkout/components/carrito-page.tsx' },
  // The cart of a browser whose cart cookie says it is empty: drawn empty at once. The app draws
  // it anew (its first render waits for the browser's storage), at the same size.
  { file: 'cart-empty.html', path: '/carrito', screen: 'src/features/checkout/components/carrito-page.tsx', emptyCart: true },
  // 'Página no encontrada', which the server answers with a 404 for unknown paths and products.
  { file: 'not-found.html', path: '/pagina-no-encontrada' },
  // Every other shop path: the shop's frame around the loading indicator.
  { file: 'shell.html', path: '/_', shell: true },
]

const ROOT = '<div id="root"></div>'

/**
 * index.html with `markup` inside the root element. React puts the preloads it finds (the logo)
 * in front of the markup; they go to the end of <head>, where the browser's preload scanner and
 * the HTML spec expect them. A page rendered for its own route is marked data-prerendered: the app
 * adopts its markup (main.tsx); the shop frame stands for other routes, so the app replaces it.
 */
function fill(template, markup, ownRoute) {
  if (!template.includes(ROOT)) throw new Error(`prerender: ${ROOT} is missing from index.html`)
  const hoisted = markup.match(/^(?:<link [^>]*\/?>)+/)?.[0] ?? ''
  const body = markup.slice(hoisted.length)
  const root = ownRoute ? '<div id="root" data-prerendered="">' : '<div id="root">'
  return template.replace('</head>', `${hoisted}</head>`).replace(ROOT, `${root}${body}</div>`)
}

/**
 * The app's scripts at low fetch priority: a prerendered page paints without them, so the
 * stylesheet (and, on a slow link, the page's images) should not wait behind 140 KB of JS.
 */
function lowerScriptPriority(template) {
  const tags = /<(script type="module"|link rel="modulepreload") crossorigin /g
  if (!template.match(tags)?.some((tag) => tag.startsWith('<script'))) {
    throw new Error('prerender: no module script in index.html')
  }
  return template.replace(tags, '<$1 fetchpriority="low" crossorigin ')
}

/**
 * The <link rel="modulepreload"> tags of the code a shop page needs beyond the entry: the shop's
 * frame (the chunk vite.config.ts names 'shop-layout') and the route's screen, with everything
 * they import. The router would ask for them only once the entry has run; preloaded, they arrive
 * with it. Read from the build's manifest (dist/app/.vite/manifest.json).
 */
function routePreloads(manifest, screen) {
  if (screen && !manifest[screen]) throw new Error(`prerender: ${screen} is not a chunk of the build`)
  const initial = chunkClosure(manifest, ['index.html'])
  return [...chunkClosure(manifest, screen ? [shopFrameKey(manifest), screen] : [shopFrameKey(manifest)])]
    .filter((key) => !initial.has(key))
    .map((key) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${manifest[key].file}">`)
    .join('')
}

async function main() {
  const { render } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href)
  const template = lowerScriptPriority(fs.readFileSync(path.join(app, 'index.html'), 'utf8'))
  const manifest = readManifest(app)
  fs.mkdirSync(path.join(app, 'prerender'), { recursive: true })
  for (const page of PAGES) {
    const preloads = routePreloads(manifest, page.screen)
    const html = fill(template.replace('</head>', `${preloads}</head>`), await render(page.path, { shell: page.shell, emptyCart: page.emptyCart }), !page.shell && !page.emptyCart)
    fs.writeFileSync(path.join(app, 'prerender', page.file), html)
    console.log(`  prerender/${page.file.padEnd(14)} ${page.path.padEnd(12)} ${(html.length / 1000).toFixed(1)} KB`)
  }
  // The binary embeds dist/: the SSR bundle serves no one (scripts/service-worker.mjs, run next,
  // reads the manifest and removes it).
  fs.rmSync(ssr, { recursive: true, force: true })
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
})
