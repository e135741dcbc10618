import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export const MOBILE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

export type Cuenta = { email: string; password: string }

/** Demo accounts the binary creates with DEMO_DATA=true. */
export const DEMO = {
  admin: { email: 'admin@tienda.mx', password: 'Admin#2026' },
  auxiliar: { email: 'auxiliar@tienda.mx', password: 'Auxiliar#2026' },
  cajero: { email: 'cajero@tienda.mx', password: 'Cajero#2026' },
  comandero: { email: 'comandero@tienda.mx', password: 'Comandero#2026' },
  cliente: { email: 'cliente@tienda.mx', password: 'Cliente#2026' },
} as const

/** Saves a screenshot (the viewport, or the whole page) to shots/ for a person to look at. */
export async function shot(page: Page, name: string, { fullPage = false } = {}) {
  fs.mkdirSync('shots', { recursive: true })
  await page.screenshot({ path: `shots/${name}.png`, fullPage })
}

/**
 * Signs in as `cuenta` (at the shop at `base`, else the shared one) without the login screen, and
 * opens the home page: the login call, and its answer stored under the keys the login screen
 * stores it (frontend/src/lib/session-storage.ts) before the page's first script runs. It saves
 * the screen's 2 s welcome in every spec that only needs a session; logInWithForm walks through
 * the screen itself.
 */
export async function logIn(page: Page, cuenta: Cuenta, base = '') {
  const answer = await page.request.post(`${base}/v1/usuarios/login`, { data: cuenta })
  expect(answer.ok(), await answer.text()).toBe(true)
  const { data } = (await answer.json()) as { data: { token: string; email: string; dataUser: Record<string, unknown> } }
  const { id, name, admin, rol } = data.dataUser
  const usuario = { id: String(id ?? ''), name: String(name ?? ''), email: data.email, admin: admin === true, rol }
  const keys = {
    token: data.token,
    name: usuario.name,
    email: data.email,
    admin: String(usuario.admin),
    id: usuario.id,
    user: JSON.stringify(usuario),
    lastLogin: new Date().toISOString(),
  }
  // Once, at the page's next document of the shop's origin: a later logout stays a logout.
  const origin = new URL(base || String(test.info().project.use.baseURL)).origin
  const once = `e2e-logIn-${Date.now()}-${Math.random()}`
  await page.addInitScript(
    ({ origin, once, keys }) => {
      if (location.origin !== origin || sessionStorage.getItem(once)) return
      sessionStorage.setItem(once, '1')
      for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value)
    },
    { origin, once, keys },
  )
  await page.goto(`${base}/`)
}

/** Signs in through the login screen (of the shop at `base`, else the shared one) and waits for the redirect to the home page. */
export async function logInWithForm(page: Page, cuenta: Cuenta, base = '') {
  await page.goto(`${base}/login`)
  await page.getByLabel('Correo electrónico').fill(cuenta.email)
  await page.getByLabel('Contraseña').fill(cuenta.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByRole('status')).toContainText('Bienvenido')
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 })
}

/** Collects uncaught page errors and console errors (a crash, a CSP refusal, a failed load). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** A session token of an account, through the API (of the shop at `base`, else the shared one). */
export async function apiToken(request: APIRequestContext, cuenta: Cuenta, base = ''): Promise<string> {
  const r = await request.post(`${base}/v1/usuarios/login`, { data: cuenta })
  expect(r.ok(), await r.text()).toBeTruthy()
  return ((await r.json()) as { data: { token: string } }).data.token
}

/** The Authorization header of a token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

type VentaJson = { _id: string; folio: string; total: number }
type ProductoJson = { _id: string; variantes: { _id: string; stock?: number }[] }

/**
 * A counter order of the demo customer ('Quien Ordena' cliente) for one product in stock of the
 * catalogue's page `productsPage`, then paid at the counter by the demo Cajero with `metodoPago`.
 */
export async function paidVenta(
  request: APIRequestContext,
  { cliente, metodoPago, productsPage }: { cliente: string; metodoPago: string; productsPage: number },
): Promise<VentaJson> {
  const list = (await (await request.get(`/v1/productos?compact=0&limit=24&page=${productsPage}`)).json()) as { products: ProductoJson[] }
  const p = list.products.filter((x) => (x.variantes[0]?.stock ?? 0) >= 2).at(-1)
  expect(p, 'a product in stock').toBeTruthy()
  const placed = await request.post('/v1/ventas', {
    headers: bearer(await apiToken(request, DEMO.cliente)),
    data: { cliente, carrito: [{ id: p!.variantes[0]._id, producto_id: p!._id, cantidad: 1 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const venta = (await placed.json()) as VentaJson
  const paid = await request.patch(`/v1/ventas/${venta._id}`, {
    headers: bearer(await apiToken(request, DEMO.cajero)),
    data: { pago: 'Pagado', metodoPago },
  })
  expect(paid.ok(), await paid.text()).toBeTruthy()
  return venta
}

/** A free TCP port of this machine. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export type Shop = { url: string; port: number; dataDir: string; stop: (opts?: { keepData?: boolean }) => Promise<void> }

type ShopOptions = { name: string; env?: Record<string, string>; timeout?: number; port?: number; dataDir?: string }

/**
 * A shop of its own, beside the shared one: the binary (TIENDA_BIN) on a free port, with the demo
 * data on a fresh store and `env` added; answers once GET /v1/health does. `stop` ends it and
 * removes its store, unless asked to keep it: started again with the same `port` and `dataDir`,
 * the shop comes back as it was (a server that went down and up again).
 */
export async function startShop({ name, env = {}, timeout = 60_000, ...again }: ShopOptions): Promise<Shop> {
  const dataDir = again.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `tienda-e2e-${name}-`))
  const port = again.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const child = spawn(path.resolve(process.cwd(), process.env.TIENDA_BIN || '../bin/tienda'), [], {
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      JWT_SECRET: `e2e-${name}-secret-not-for-production-0123456789`,
      ...env,
    },
  })
  const stop = async ({ keepData = false } = {}) => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      process.kill(-child.pid, 'SIGTERM')
      await exited
    }
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return { url, port, dataDir, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const why = child.exitCode !== null ? `exited with ${child.exitCode}` : 'did not start'
  await stop()
  throw new Error(`the shop ${name} ${why}`)
}
