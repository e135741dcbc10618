import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer, shot, startShop, watchPageErrors, type Shop } from './helpers'

// Issue 26, items 3 and 4, on a phone: the shop with the server down (the service worker's cached
// frame and pages, the cart from the browser, 'Sin conexión' and the retry once it is back), and
// the search's results page. Each test has a shop of its own: the first one stops its server.

const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

type Producto = { _id: string; nombre: string; variantes: { stock?: number }[] }

async function phone(browser: Browser, shop: Shop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL: shop.url, locale: 'es-MX', serviceWorkers: 'allow' })
  return { context, page: await context.newPage() }
}

test.describe('offline (phone)', () => {
  let shop: Shop
  test.beforeAll(async () => {
    shop = await startShop({ name: 'offline', timeout: 90_000 })
  })
  test.afterAll(async () => shop?.stop())

  test('with the server stopped the cart and a seen product open; a failed call says Sin conexión and retries once back', async ({ browser }) => {
    test.setTimeout(120_000)
    const { context, page } = await phone(browser, shop)
    const errors = watchPageErrors(page)
    const list = (await (await page.request.get('/v1/productos?limit=24')).json()) as { products: Producto[] }
    const [seen, unseen] = list.products

    // Online: the home page installs the service worker, which then controls the page. Not during
    // the page's load (main.tsx, 4 s after it): a second after the load event nothing is registered.
    await page.goto('/', { waitUntil: 'load' })
    await page.waitForTimeout(1_000)
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 })
    // Its precache holds the shop's code, and none of the back office's (scripts/service-worker.mjs).
    const precached = await page.evaluate(async () => {
      const paths: string[] = []
      for (const name of (await caches.keys()).filter((n) => n.includes('precache'))) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
      }
      return paths
    })
    for (const chunk of ['index', 'shop-layout', 'home-page', 'producto-page', 'carrito-page', 'categoria-page', 'facturar-page']) {
      expect(precached.some((p) => p.startsWith(`/assets/${chunk}-`)), chunk).toBe(true)
    }
    expect(precached.filter((p) => /^\/assets\/(staff-root|productos-page|ventas-page|corte-root|usuarios-page)-/.test(p))).toEqual([])
    await page.goto(`/product/${seen._id}`)
    await expect(page.getByRole('heading', { level: 1, name: seen.nombre })).toBeVisible()
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await expect(page.getByText('Producto agregado al carrito.')).toBeVisible()

    // The server goes down and the phone loses its connection.
    const { port, dataDir } = shop
    await shop.stop({ keepData: true })
    await context.setOffline(true)

    // The cart, never opened before, opens from the browser (the cached frame draws it).
    await page.goto('/carrito')
    await expect(page.getByTestId('cart-row')).toHaveCount(1)
    await expect(page.getByTestId('cart-row')).toContainText(seen.nombre.slice(0, 20))
    await expect(page.getByText('Algo salió mal')).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'offline-cart-mobile')

    // The product seen before opens as it was.
    await page.goto(`/product/${seen._id}`)
    await expect(page.getByRole('heading', { level: 1, name: seen.nombre })).toBeVisible()

    // A product never opened: 'Sin conexión' with 'Reintentar', which still fails while offline.
    await page.goto(`/product/${unseen._id}`)
    const alert = page.getByRole('alert').filter({ hasText: 'Sin conexión' })
    await expect(alert).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'offline-sin-conexion-mobile')
    await alert.getByRole('button', { name: 'Reintentar' }).click()
    await expect(alert).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: unseen.nombre })).toHaveCount(0)

    // The server comes back and so does the connection: the page asks again by itself.
    shop = await startShop({ name: 'offline', port, dataDir, timeout: 90_000 })
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: unseen.nombre })).toBeVisible({ timeout: 20_000 })
    await expect(alert).toHaveCount(0)

    // Only the offline loads' failed requests were reported; nothing crashed.
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch|FetchEvent|no-response/.test(e))).toEqual([])
    await context.close()
  })
})

test.describe('search results (phone)', () => {
  let shop: Shop
  test.beforeAll(async () => {
    shop = await startShop({ name: 'busqueda', timeout: 90_000 })
  })
  test.afterAll(async () => shop?.stop())

  test('Enter opens /busqueda?q= with every match, the total, and the sold-out one last as Agotado', async ({ browser }) => {
    const { context, page } = await phone(browser, shop)
    const errors = watchPageErrors(page)
    // A sold-out product that matches: created last, so the catalogue's order (newest first) puts it
    // before the products in stock.
    const token = await apiToken(page.request, DEMO.admin, shop.url)
    const created = await page.request.post('/v1/productos', {
      headers: bearer(token),
      data: {
        nombre: 'Cámara térmica agotada',
        descripcionCorta: 'Sin existencias',
        categoria: 'Camaras IP y NVRs',
        variantes: [{ talla: 'Única', tamano: '1', stock: 0, precioCompra: 10, precioVenta: 20, descuento: 0 }],
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const total = ((await (await page.request.get('/v1/productos/search/?q=camara&limit=1')).json()) as { meta: { total: number } }).meta.total
    expect(total).toBeGreaterThan(1)

    await page.goto('/')
    const box = page.getByRole('combobox')
    await expect(box).toBeEnabled()
    await box.fill('ca')
    await expect(page.getByText('Escribe al menos 3 letras para buscar.')).toBeVisible()
    await box.fill('camara')
    await expect(page.getByRole('link', { name: `Ver todos los resultados (${total})` })).toBeVisible()
    await box.press('Enter')
    await expect(page).toHaveURL(/\/busqueda\?q=camara$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados para «camara»' })).toBeVisible()
    await expect(page.getByText(`${total} productos`)).toBeVisible()
    await expect(page).toHaveTitle('Resultados para «camara» | Tienda de Seguridad y Redes')

    // Every match, page after page as the list scrolls; the sold-out one last, marked Agotado.
    const cards = page.locator('main ul li a[href^="/product/"]')
    await expect(async () => {
      await page.mouse.wheel(0, 4000)
      expect(await cards.count()).toBe(total)
    }).toPass({ timeout: 20_000 })
    const texts = await cards.allTextContents()
    const soldOut = texts.map((t) => t.includes('Agotado'))
    const firstSoldOut = soldOut.indexOf(true)
    expect(texts[firstSoldOut]).toContain('Cámara térmica agotada')
    expect(soldOut.slice(firstSoldOut).every(Boolean), `sold-out last: ${texts.join(' | ')}`).toBe(true)
    expect(soldOut.slice(0, firstSoldOut).some(Boolean)).toBe(false)
    expect(firstSoldOut).toBeGreaterThan(0)
    await shot(page, 'busqueda-mobile')

    // The page as the server serves it: its own title, kept out of search engines.
    const served = await (await page.request.get('/busqueda?q=camara')).text()
    expect(served).toContain('<title>Resultados para «camara» | Tienda de Seguridad y Redes</title>')
    expect(served).toContain('<meta name="robots" content="noindex" />')
    expect(errors).toEqual([])
    await context.close()
  })
})
