import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO, MOBILE, logIn, shot, watchPageErrors } from './helpers'

/** The query Mercado Pago adds to the shop's return address (/success) after a payment. */
function returnQuery(pagoId: number, status: string, ref: string, preferenceId: string) {
  return new URLSearchParams({
    collection_id: String(pagoId),
    collection_status: status,
    payment_id: String(pagoId),
    status,
    external_reference: ref,
    payment_type: 'credit_card',
    merchant_order_id: 'null',
    preference_id: preferenceId,
    site_id: 'MLM',
    processing_mode: 'aggregator',
    merchant_account_id: 'null',
  })
}

// The provider's browser script never loads from the network in a test: this stub stands in for
// it and records how the Wallet brick was created.
const MP_SDK = 'https://sdk.mercadopago.com/js/v2**'
const MP_STUB = `
window.MercadoPago = function (key, options) {
  window.__mp = { key: key, options: options, created: 0 };
  this.bricks = function () {
    return {
      create: function (name, containerId, settings) {
        window.__mp.created += 1;
        window.__mp.name = name;
        window.__mp.settings = JSON.parse(JSON.stringify(settings));
        var el = document.getElementById(containerId);
        el.innerHTML = '<button type="button" data-testid="mp-stub" style="width:100%;height:48px;border-radius:9999px;border:0;background:#009ee3;color:#fff;font:600 15px system-ui">Mercado Pago (simulado)</button>';
        settings.callbacks.onReady();
        return Promise.resolve({ unmount: function () { el.innerHTML = '' } });
      },
    };
  };
};`

async function stubMercadoPago(page: Page) {
  await page.route(MP_SDK, (route) => route.fulfill({ contentType: 'application/javascript', body: MP_STUB }))
}

type Producto = { _id: string; nombre?: string; variantes?: { _id: string; stock?: number }[] }

/** Two products of the demo catalogue with stock to spare, read from the real API. */
async function twoProductos(request: APIRequestContext, base = ''): Promise<Producto[]> {
  const res = await request.get(`${base}/v1/productos?compact=0&limit=24`)
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { products: Producto[] }
  const picked = body.products.filter((p) => (p.variantes?.length ?? 0) === 1 && (p.variantes?.[0].stock ?? 0) >= 5)
  expect(picked.length).toBeGreaterThanOrEqual(2)
  return picked.slice(0, 2)
}

/** Opens a product page and adds it with the page's own 'Agregar al carrito'. */
async function addFromProductoPage(page: Page, base: string, producto: Producto) {
  await page.goto(`${base}/product/${producto._id}`)
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByText('Producto agregado al carrito.')).toBeVisible()
}

test.describe('checkout on a phone (390x844)', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  test.beforeEach(async ({ page }) => stubMercadoPago(page))

  test('a shopper adds two products, changes a quantity, pays at the counter as Juan and sees the folio', async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page)
    const [first, second] = await twoProductos(request)
    await logIn(page, DEMO.cliente)
    await addFromProductoPage(page, '', first)
    await addFromProductoPage(page, '', second)

    await page.getByRole('link', { name: 'Ver carrito' }).click()
    await expect(page).toHaveURL(/\/carrito$/)
    await expect(page.getByRole('heading', { name: 'Tu Carrito' })).toBeVisible()
    const rows = page.getByTestId('cart-row')
    await expect(rows).toHaveCount(2)
    // Online payment is off on this server (no key): the cart says so and keeps the counter.
    await expect(page.getByTestId('mp-unavailable')).toContainText('El pago en línea no está disponible')

    const firstRow = rows.first()
    const before = await page.getByTestId('total').textContent()
    await firstRow.getByRole('button', { name: 'Agregar uno' }).click()
    await expect(firstRow.getByTestId('cantidad')).toHaveText('2')
    await expect(firstRow.getByTestId('precio-linea')).toHaveText(/^\$[\d,]+\.\d{2} x 2 = \$[\d,]+\.\d{2}$/)
    await expect(page.getByTestId('total')).not.toHaveText(before ?? '')
    await shot(page, 'checkout-cart-mobile')
    await page.getByRole('complementary', { name: 'Resumen de tu compra' }).scrollIntoViewIfNeeded()
    await shot(page, 'checkout-cart-summary-mobile')
    const carritoTotal = (await page.getByTestId('total').textContent())?.trim()

    await page.getByRole('button', { name: 'Pagar en caja' }).click()
    const dialog = page.getByRole('dialog', { name: 'Quien Ordena ?' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Nombre').fill('Juan')
    await shot(page, 'checkout-quien-ordena-mobile')
    const placed = page.waitForResponse((r) => r.url().endsWith('/v1/ventas') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Pagar en caja' }).click()
    const venta = (await (await placed).json()) as { folio: string; total: number; cliente: string }
    expect(venta.cliente).toBe('Juan')

    await expect(page).toHaveURL(/\/carrito\/gracias$/)
    await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeVisible()
    await expect(page.getByText('paga tu orden en caja')).toBeVisible()
    await expect(page.getByTestId('folio-reciente')).toHaveText(venta.folio)
    const orden = page.getByTestId('orden').filter({ has: page.getByTestId('folio').getByText(venta.folio, { exact: true }) })
    await expect(orden).toHaveCount(1)
    await expect(orden.getByText('Juan')).toBeVisible()
    // The cart showed to the centavo what the server charged.
    await expect(orden.getByText(carritoTotal ?? '-', { exact: true })).toBeVisible()
    await expect(page.getByTestId('pendientes')).toContainText(/Tienes \d+ (orden pendiente|órdenes pendientes)/)
    await shot(page, 'checkout-gracias-mobile')
    await shot(page, 'checkout-gracias-mobile-full', { fullPage: true })

    // The cart is empty now, and the header badge says so.
    await page.goto('/carrito')
    await expect(page.getByText('Carrito de compras vacio')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull()
    expect(errors).toEqual([])
  })

  test('a signed-out shopper is asked to sign in, and the name is cut on a phone', async ({ page, request }) => {
    const [first] = await twoProductos(request)
    await addFromProductoPage(page, '', first)
    await page.goto('/carrito')
    await expect(page.getByRole('link', { name: 'Iniciar sesión para poder Ordenar' })).toHaveAttribute('href', '/login')
    const name = page.getByTestId('cart-row').getByRole('heading', { level: 2 })
    const text = (await name.textContent()) ?? ''
    expect(text.length).toBeLessThanOrEqual(26)
    await shot(page, 'checkout-cart-signed-out-mobile')
  })
})

// Online payment needs a shop started with Mercado Pago settings, pointed at the fake provider:
// this block starts its own binary (same TIENDA_BIN, its own data dir) and `scripts/fakemp`.
test.describe('online payment against the fake Mercado Pago', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  test.describe.configure({ mode: 'serial' })

  const basePort = Number(process.env.E2E_PORT || '18080')
  const shopPort = basePort + 1
  const fakePort = basePort + 2
  const shop = `http://127.0.0.1:${shopPort}`
  const fake = `http://127.0.0.1:${fakePort}`
  const repo = path.resolve(process.cwd(), '..')
  let tmp = ''
  const children: ChildProcess[] = []

  async function waitFor(url: string) {
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(url)).ok) return
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500))
    }
    throw new Error(`${url} did not start`)
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-e2e-mp-'))
    const fakeBin = path.join(tmp, 'fakemp')
    const built = spawnSync('go', ['build', '-o', fakeBin, './scripts/fakemp'], { cwd: repo, stdio: 'inherit' })
    expect(built.status).toBe(0)
    children.push(spawn(fakeBin, ['-addr', `127.0.0.1:${fakePort}`, '-token', 'TEST-token'], { stdio: 'ignore', detached: true }))
    const binary = path.resolve(process.cwd(), process.env.TIENDA_BIN || '../bin/tienda')
    children.push(
      spawn(binary, [], {
        stdio: 'ignore',
        detached: true,
        env: {
          ...process.env,
          PORT: String(shopPort),
          DATA_DIR: path.join(tmp, 'data'),
          DEMO_DATA: 'true',
          JWT_SECRET: 'e2e-test-secret-not-for-production-0123456789',
          MP_ACCESS_TOKEN: 'TEST-token',
          MP_PUBLIC_KEY: 'TEST-pk',
          MP_API_URL: fake,
          MP_WEBHOOK_SECRET: 'secret',
          PUBLIC_URL: shop,
        },
      }),
    )
    await waitFor(`${fake}/_fake/preferences`)
    await waitFor(`${shop}/v1/health`)
  })

  test.afterAll(() => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid)
      } catch {
        // already gone
      }
    }
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  })

  test('the Wallet appears after the preference, and the return to /success shows Guardada', async ({ page, request }) => {
    await stubMercadoPago(page)
    const errors = watchPageErrors(page)
    const [first, second] = await twoProductos(request, shop)
    await logIn(page, DEMO.cliente, shop)
    await addFromProductoPage(page, shop, first)
    await addFromProductoPage(page, shop, second)
    await page.goto(`${shop}/carrito`)

    const pay = page.getByRole('button', { name: 'Pagar con Mercado Pago' })
    await expect(pay).toBeVisible()
    const prefAnswer = page.waitForResponse((r) => r.url().endsWith('/v1/ventas/mercado-pago-preference'))
    await pay.click()
    const { id: preferenceId } = (await (await prefAnswer).json()) as { id: string }
    await expect(pay).toBeHidden()
    await expect(page.getByTestId('mp-stub')).toBeVisible()
    await page.getByTestId('mp-stub').scrollIntoViewIfNeeded()
    await shot(page, 'checkout-wallet-mobile')
    const mp = await page.evaluate(() => (window as unknown as { __mp: Record<string, unknown> }).__mp)
    expect(mp).toMatchObject({
      key: 'TEST-pk',
      options: { locale: 'es-MX' },
      created: 1,
      name: 'wallet',
      settings: { initialization: { preferenceId, redirectMode: 'self' }, locale: 'es-MX' },
    })
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { __mp: { created: number } }).__mp.created)).toBe(1)

    // The buyer pays at the provider; the fake makes the approved payment for that preference.
    const prefs = (await (await request.get(`${fake}/_fake/preferences`)).json()) as { id: string; external_reference: string }[]
    const pref = prefs.find((p) => p.id === preferenceId)
    expect(pref).toBeTruthy()
    const paid = await request.post(`${fake}/_fake/pay`, { data: { ref: pref?.external_reference, status: 'approved' } })
    const { id: paymentId } = (await paid.json()) as { id: number }

    const confirmations: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/ventas/mercado-pago/confirmar')) confirmations.push(r.method())
    })
    const query = returnQuery(paymentId, 'approved', pref?.external_reference ?? '', preferenceId)
    await page.goto(`${shop}/success?${query}`)
    await expect(page.getByTestId('guardada')).toHaveText('Guardada')
    await expect(page.getByText('Tarjeta')).toBeVisible()
    await expect(page.getByTestId('folio')).toHaveText(/\d{8}-\d{6}-\d{4}/)
    await expect(page.getByRole('region', { name: 'Datos técnicos' })).toContainText(String(paymentId))
    await shot(page, 'checkout-success-mobile')
    await shot(page, 'checkout-success-mobile-full', { fullPage: true })
    expect(confirmations).toEqual(['POST'])
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull()

    // A reload shows the stored sale without saving again.
    await page.reload()
    await expect(page.getByTestId('guardada')).toBeVisible()
    expect(confirmations).toEqual(['POST'])
    expect(errors).toEqual([])
  })

  test("when the provider's script cannot load, the cart says so, 'Reintentar' really loads it, and nothing is left uncaught", async ({
    page,
    request,
  }) => {
    // Offline first, back online for the retry.
    let online = false
    const sdkRequests: string[] = []
    await page.route(MP_SDK, (route) => {
      sdkRequests.push(online ? 'ok' : 'failed')
      return online ? route.fulfill({ contentType: 'application/javascript', body: MP_STUB }) : route.abort('internetdisconnected')
    })
    const uncaught: string[] = []
    page.on('pageerror', (error) => uncaught.push(error.message))
    const [first] = await twoProductos(request, shop)
    await logIn(page, DEMO.cliente, shop)
    await addFromProductoPage(page, shop, first)
    await page.goto(`${shop}/carrito`)
    await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click()
    const failed = page.getByTestId('mp-load-failed')
    await expect(failed).toContainText('No pudimos cargar Mercado Pago.')
    await expect(failed).toContainText('Revisa tu conexión e inténtalo de nuevo, o paga en caja.')
    await expect(page.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
    await failed.scrollIntoViewIfNeeded()
    await shot(page, 'checkout-mp-unavailable-mobile')

    online = true
    await failed.getByRole('button', { name: 'Reintentar' }).click()
    await expect(page.getByTestId('mp-stub')).toBeVisible()
    await expect(failed).toBeHidden()
    expect(await page.evaluate(() => (window as unknown as { __mp: { created: number } }).__mp.created)).toBe(1)
    expect(sdkRequests).toEqual(['failed', 'ok'])
    // Neither the failed load nor the retry left an uncaught error ('Failed to load MercadoPago.js').
    await page.waitForTimeout(500)
    expect(uncaught).toEqual([])
  })

  test("/success with a payment Mercado Pago rejected shows the server's reason only", async ({ page, request }) => {
    await stubMercadoPago(page)
    const errors = watchPageErrors(page)
    const [, second] = await twoProductos(request, shop)
    const login = await request.post(`${shop}/v1/usuarios/login`, { data: DEMO.cliente })
    const token = (await login.json()).data.token as string
    const pref = await request.post(`${shop}/v1/ventas/mercado-pago-preference`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { public_key: 'TEST-pk', items: [{ id: second.variantes![0]._id, producto_id: second._id, cantidad: 1, nombre: second.nombre }] },
    })
    expect(pref.ok(), await pref.text()).toBe(true)
    const { id: preferenceId } = (await pref.json()) as { id: string }
    const prefs = (await (await request.get(`${fake}/_fake/preferences`)).json()) as { id: string; external_reference: string }[]
    const ref = prefs.find((p) => p.id === preferenceId)?.external_reference ?? ''
    const paid = await request.post(`${fake}/_fake/pay`, { data: { ref, status: 'rejected' } })
    const { id: paymentId } = (await paid.json()) as { id: number }

    await logIn(page, DEMO.cliente, shop)
    const query = returnQuery(paymentId, 'rejected', ref, preferenceId)
    await page.goto(`${shop}/success?${query}`)
    const problem = page.getByRole('alert')
    await expect(page.getByRole('heading', { name: 'Tu pago no se confirmó' })).toBeVisible()
    await expect(page.getByTestId('motivo')).toHaveText('Mercado Pago rechazó el pago. Intenta con otro medio de pago o paga en caja.')
    await expect(problem).not.toContainText('procesado')
    await expect(problem).not.toContainText('Error al guardar una venta')
    await expect(page.getByTestId('guardada')).toHaveCount(0)
    await expect(problem.getByRole('link', { name: 'Volver al carrito' })).toBeVisible()
    await shot(page, 'checkout-success-rejected-mobile')
    // The server answered 402 for the rejected payment: a console line, not an uncaught error.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([])
  })

  test('/success without payment data says so', async ({ page }) => {
    await stubMercadoPago(page)
    await page.goto(`${shop}/success?status=approved`)
    await expect(page.getByRole('heading', { name: 'Datos de pago inválidos' })).toBeVisible()
    await page.goto(`${shop}/failure`)
    await expect(page.getByRole('heading', { name: 'El pago no se completó' })).toBeVisible()
    await shot(page, 'checkout-failure-mobile')
    await page.goto(`${shop}/pending?payment_id=123`)
    await expect(page.getByRole('heading', { name: 'Pago pendiente' })).toBeVisible()
    await shot(page, 'checkout-pending-mobile')
  })
})
