import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

// The browser tests run against the real shop: the Go binary serving the built app and /v1,
// on a fresh embedded store with the demo catalogue and demo accounts. Two such shops, each with
// its own store, take the spec files between them, one file at a time each (a project's
// `workers: 1`): a spec may close the day's cut or count what a shop holds, so two specs never
// share a shop at once, and the two run side by side (6.5 min one after another on 2 cores).
// SECOND_SHOP's specs go to the second; every other spec, a new one too, to the first.
const SECOND_SHOP = [
  'e2e/cuentas.spec.ts',
  'e2e/checkout.spec.ts',
  'e2e/ventas.spec.ts',
  'e2e/catalogo.spec.ts',
  'e2e/shopper.spec.ts',
  'e2e/proveedor.spec.ts',
  'e2e/tap-targets.spec.ts',
]
const port = Number(process.env.E2E_PORT || '18080')
// checkout.spec.ts starts its own shop and fake provider on the two ports after the first shop's.
const shops = [
  { name: 'tienda', port },
  { name: 'tienda-2', port: port + 10 },
].map((shop) => ({ ...shop, baseURL: `http://127.0.0.1:${shop.port}`, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `${shop.name}-e2e-`)) }))
// Playwright stops the servers before its own process exits; their stores go with them.
process.on('exit', () => {
  for (const shop of shops) fs.rmSync(shop.dataDir, { recursive: true, force: true })
})
const secondShopSpecs = SECOND_SHOP.map((file) => `**/${file}`)
const binary = process.env.TIENDA_BIN || '../bin/tienda'
// CFDI invoicing stamps at a fake Facturapi (scripts/fakepac, built by `task test:e2e`), its own process.
const pacPort = process.env.E2E_PAC_PORT || '18091'
const pacURL = `http://127.0.0.1:${pacPort}`
const pacBinary = process.env.FAKEPAC_BIN || '../bin/fakepac'
const pacKey = 'sk_test_fake'

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: shops.length,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  projects: [
    { name: shops[0].name, use: { baseURL: shops[0].baseURL }, testIgnore: secondShopSpecs, workers: 1 },
    { name: shops[1].name, use: { baseURL: shops[1].baseURL }, testMatch: secondShopSpecs, workers: 1 },
  ],
  use: {
    browserName: 'chromium',
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    // The shop's service worker answers requests before page.route sees them: blocked, except in
    // the specs about it (e2e/offline.spec.ts allows it in its own contexts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    ...shops.map((shop) => ({
      command: binary,
      url: `${shop.baseURL}/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(shop.port),
        DATA_DIR: shop.dataDir,
        DEMO_DATA: 'true',
        JWT_SECRET: 'e2e-test-secret-not-for-production-0123456789',
        FACTURAPI_KEY: pacKey,
        FACTURAPI_URL: pacURL,
      },
    })),
    {
      command: `${pacBinary} -addr 127.0.0.1:${pacPort} -key ${pacKey}`,
      url: `${pacURL}/_fake/salud`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
