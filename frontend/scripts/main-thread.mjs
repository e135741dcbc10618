#!/usr/bin/env node
// The storefront's main-thread work at load, by CPU time (issue #26): loads each page in Debian's
// Chromium at a phone's size, traces its main thread, and prints per run the CPU time of all its
// tasks and the blocking time a phone 4× slower would see: Σ max(0, 4 × CPU time − 50 ms) over the
// tasks after the first contentful paint, as Lighthouse's simulation scales a task. Lighthouse
// times tasks by the wall clock, which a busy machine stretches; a task's CPU time it does not.
//
//   node scripts/main-thread.mjs --runs 6 http://127.0.0.1:8080/ http://127.0.0.1:8081/
//
// With several addresses (two builds of the shop, say) the runs alternate between them, so a
// change in the machine's load falls on both. The service worker is blocked (each run is a first visit).
import { chromium } from 'playwright'

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const runs = Number(option('runs', '6'))
const urls = process.argv.slice(2).filter((a, i, all) => a.startsWith('http') && all[i - 1] !== '--runs')
if (urls.length === 0) throw new Error('usage: node scripts/main-thread.mjs [--runs 6] <url> [<url>...]')

/** One load of url: the main thread's CPU time and the blocking time at 4× slower, in ms. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  await context.route('**/sw.js', (route) => route.abort())
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  // As Lighthouse does (its driver's enableAsyncStacks): with the debugger on, V8 keeps source
  // positions from the start. Without it, an inspected page's first Error (react-dom makes one at
  // its start) has V8 parse the whole entry again to name its stack's positions: 25-40 ms in the
  // entry's task that neither Lighthouse nor a shopper's browser pays.
  await cdp.send('Debugger.enable')
  await cdp.send('Debugger.setSkipAllPauses', { skip: true })
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 })
  const events = []
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value))
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading' })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2000)
  await cdp.send('Tracing.end')
  await complete
  await context.close()

  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  const onMain = (e) => main.has(`${e.pid}:${e.tid}`)
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts ?? 0
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e))
  const cpu = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000
  const afterPaint = tasks.filter(({ ts }) => ts >= fcp)
  const blocking = afterPaint.reduce((sum, { tdur }) => sum + Math.max(0, (4 * (tdur ?? 0)) / 1000 - 50), 0)
  return { cpu, blocking }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const results = new Map(urls.map((u) => [u, []]))
  for (let i = 0; i < runs; i++) for (const url of urls) results.get(url).push(await measure(browser, url))
  for (const [url, rs] of results) {
    console.log(`${url}\n  CPU time ms:            ${rs.map((r) => r.cpu.toFixed(0)).join(' ')} (median ${median(rs.map((r) => r.cpu)).toFixed(0)})`)
    console.log(`  blocking time at 4× ms: ${rs.map((r) => r.blocking.toFixed(0)).join(' ')} (median ${median(rs.map((r) => r.blocking)).toFixed(0)})`)
  }
} finally {
  await browser.close()
}
