#!/usr/bin/env node
// Speed budgets (issue #9): runs Lighthouse (mobile, simulated throttling) on the home page, a
// category page, a product page and the cart of the real shop (the Go binary with the built app embedded), in
// Debian's Chromium, and prints the four scores per page plus the initial JS size.
//
//   node scripts/lighthouse.mjs [--bin ../bin/tienda] [--out lighthouse-reports] [--runs 3] [--min 90]
//                               [--pages inicio,categoria,producto,carrito]
//
// The server runs on a free loopback port with the demo catalogue on a fresh, temporary store
// and is stopped at the end. Each page is measured --runs times (3 by default) and the run with the
// median performance score is the one shown and kept. With --min, the script fails when any score
// is below that value.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import lighthouse from 'lighthouse'

const here = path.dirname(fileURLToPath(import.meta.url))
const frontend = path.resolve(here, '..')

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback
}

const binary = path.resolve(frontend, option('bin', process.env.TIENDA_BIN || '../bin/tienda'))
const outDir = path.resolve(frontend, option('out', 'lighthouse-reports'))
const minScore = option('min') === undefined ? null : Number(option('min'))
const runs = Math.max(1, Number(option('runs', '3')))
// Which pages to measure, by name (all four by default), e.g. to compare with a build that has no category pages.
const pageNames = option('pages', 'inicio,categoria,producto,carrito').split(',')
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// Headless, no sandbox (root), and no background traffic.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const categories = ['performance', 'accessibility', 'best-practices', 'seo']

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

async function waitFor(url, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url)
      if (res.ok) return res
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`)
    await sleep(200)
  }
}

/** Starts a command in its own process group, so that stopping it also stops its children. */
function start(command, args, env, label) {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000)
  })
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`${label} stopped early (code ${code}, signal ${signal}):\n${stderr}`)
  })
  return child
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  child.stopping = true
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

/**
 * Gzip bytes of the JS the home page asks for with its HTML: the entry, its imports and the
 * route's chunks (the shop's frame, the home screen) that the prerendered page preloads. The
 * initial JS of scripts/bundle-budget.mjs is the entry and its imports alone.
 */
async function initialJs(base) {
  const html = await (await fetch(`${base}/`)).text()
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1])
  let raw = 0
  let gzip = 0
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())
    raw += body.length
    gzip += zlib.gzipSync(body, { level: 9 }).length
  }
  return { files: new Set(urls).size, raw, gzip }
}

// KB = 1,000 bytes, as Vite and scripts/bundle-budget.mjs print them.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`

/**
 * A demo product with stock, from the public list (app/openapi.yaml: GET /v1/productos), once its
 * photo is in (the demo photos are stored in the background after start).
 */
async function demoProduct(base) {
  let product
  for (const deadline = Date.now() + 30_000; ; await sleep(500)) {
    const list = await (await fetch(`${base}/v1/productos?limit=1`)).json()
    product = (Array.isArray(list) ? list : list.products)?.[0]
    if (!product?._id) throw new Error('GET /v1/productos gave no product')
    if (/^\/v1\/imagenes\/[0-9a-f]{32}$/.test(product.imagen ?? '') || Date.now() > deadline) break
  }
  return product
}

/** Lighthouse --runs times on one page; the run with the median performance score, with all the runs' scores. */
async function medianRun(base, pagePath, debugPort) {
  const results = []
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      `${base}${pagePath}`,
      { port: debugPort, output: ['json', 'html'], logLevel: 'error', onlyCategories: categories },
      // Lighthouse's defaults: mobile form factor and screen, simulated throttling.
      { extends: 'lighthouse:default' },
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`)
    results.push(result)
  }
  const perf = (r) => r.lhr.categories.performance?.score ?? 0
  results.sort((a, b) => perf(a) - perf(b))
  const allPerf = results.map((r) => Math.round(perf(r) * 100)).join('/')
  return { ...results[Math.floor((results.length - 1) / 2)], allPerf }
}

/** Measures one page, keeps its reports, and returns its row of the table. */
async function measure(page, base, debugPort) {
  const { lhr, report, allPerf } = await medianRun(base, page.path, debugPort)
  fs.writeFileSync(path.join(outDir, `${page.name}.report.json`), report[0])
  fs.writeFileSync(path.join(outDir, `${page.name}.report.html`), report[1])
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
  const failed = Object.values(lhr.categories).flatMap((c) =>
    c.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${c.id}: ${ref.id} (${lhr.audits[ref.id].displayValue || lhr.audits[ref.id].score})`),
  )
  if (lhr.runtimeError) failed.unshift(`runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  return {
    page: page.path.length > 34 ? `${page.path.slice(0, 33)}…` : page.path,
    scores: categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    js: scripts ? kb(scripts.transferSize) : '-',
    lcp: lhr.audits['largest-contentful-paint']?.displayValue ?? '-',
    tbt: lhr.audits['total-blocking-time']?.displayValue ?? '-',
    allPerf,
    failed,
  }
}

/** The table of scores, the home page's JS, what kept each page below 100, and where the reports are. */
function printSummary(rows, js, base) {
  const head = ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'JS (page)', 'LCP', 'TBT', `Perf of ${runs}`]
  const body = rows.map((r) => [r.page, ...r.scores.map(String), r.js, r.lcp, r.tbt, r.allPerf])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  console.log(`\nLighthouse 12 (mobile, simulated throttling) on ${base}, median of ${runs} runs\n`)
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const b of body) console.log(line(b))
  console.log(`\nHome page's JS (entry + modulepreloads, ${js.files} files): ${kb(js.raw)} raw, ${kb(js.gzip)} gzip`)
  for (const r of rows) if (r.failed.length) console.log(`\n${r.page} below 100:\n  ${r.failed.join('\n  ')}`)
  console.log(`\nReports: ${path.relative(process.cwd(), outDir) || '.'}/*.report.{html,json}`)
}

async function main() {
  if (!fs.existsSync(binary)) throw new Error(`no binary at ${binary}: run "go tool task build" first`)
  if (!fs.existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (apt-get install chromium)`)
  fs.mkdirSync(outDir, { recursive: true })

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-lh-'))
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-lh-chromium-'))
  const [port, debugPort] = [await freePort(), await freePort()]
  const base = `http://127.0.0.1:${port}`
  let server
  let chromium
  try {
    server = start(binary, [], { ...process.env, DEMO_DATA: 'true', DATA_DIR: dataDir, PORT: String(port) }, 'tienda')
    await waitFor(`${base}/v1/health`, 'The shop')

    const product = await demoProduct(base)
    const paths = {
      inicio: async () => '/',
      categoria: async () => {
        const category = (await (await fetch(`${base}/v1/categorias`)).json()).categorias?.[0]
        if (!category?.id) throw new Error('GET /v1/categorias gave no category')
        return `/busqueda/${encodeURIComponent(category.id)}`
      },
      producto: async () => `/product/${encodeURIComponent(product._id)}`,
      carrito: async () => '/carrito',
    }
    const pages = []
    for (const name of pageNames) {
      if (!paths[name]) throw new Error(`--pages: no page named ${name} (${Object.keys(paths).join(', ')})`)
      pages.push({ name, path: await paths[name]() })
    }

    chromium = start(
      chromiumPath,
      [...chromeFlags, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profileDir}`, 'about:blank'],
      process.env,
      'Chromium',
    )
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium')

    const rows = []
    for (const page of pages) rows.push(await measure(page, base, debugPort))
    printSummary(rows, await initialJs(base), base)

    if (minScore !== null) {
      const low = rows.filter((r) => r.scores.some((s) => s < minScore))
      if (low.length) {
        console.error(`\nScores below ${minScore}: ${low.map((r) => r.page).join(', ')}`)
        process.exitCode = 1
      }
    }
  } finally {
    stop(chromium)
    stop(server)
    await sleep(300)
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(profileDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
