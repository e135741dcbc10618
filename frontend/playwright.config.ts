import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

// The browser tests run against the real shop: the Go binary serving the built app and /v1,
// on a fresh embedded store with the demo catalogue and demo accounts.
const port = process.env.E2E_PORT || '18080'
const baseURL = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-e2e-'))
// Playwright stops the server before its own process exits; the store goes with it.
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
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
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
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
    {
      command: binary,
      url: `${baseURL}/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: port,
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        JWT_SECRET: 'e2e-test-secret-not-for-production-0123456789',
        FACTURAPI_KEY: pacKey,
        FACTURAPI_URL: pacURL,
      },
    },
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
