import { expect, test, type APIRequestContext } from '@playwright/test'
import { MOBILE, watchPageErrors } from './helpers'

// What search engines, link previews and phones read of the shop (app/pages.go): each product
// page's own head and JSON-LD in the HTML as served, its product inside the page, 404s for what
// does not exist, the sitemap, robots.txt and the web app manifest.

type Producto = { _id: string; nombre?: string; titulo?: string; imagen?: string }

async function firstProducto(request: APIRequestContext): Promise<Producto> {
  const list = await (await request.get('/v1/productos?limit=1')).json()
  const producto: Producto | undefined = list.products?.[0]
  expect(producto?._id).toBeTruthy()
  return producto as Producto
}

test('a product page as served names the product for link previews and search engines', async ({ request }) => {
  const producto = await firstProducto(request)
  const name = (producto.nombre || producto.titulo || '').trim()
  const res = await request.get(`/product/${producto._id}`)
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toContain(`<title>${name} | Tienda de Seguridad y Redes</title>`)
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${name} \\| `))
  expect(html).toContain('<meta property="og:type" content="product" />')
  expect(html).toContain('<meta property="product:price:currency" content="MXN" />')
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/product\/[0-9a-f]{24}" \/>/)
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]))
  const item = ld.find((x) => x['@type'] === 'Product')
  expect(item).toMatchObject({ name, offers: { priceCurrency: 'MXN' } })
  expect(item.offers.price ?? item.offers.lowPrice).toMatch(/^\d+\.\d\d$/)
  expect(ld.find((x) => x['@type'] === 'BreadcrumbList')?.itemListElement.length).toBeGreaterThanOrEqual(2)
})

test.describe('on a phone, the product picture', () => {
  test.use({ viewport: MOBILE, isMobile: true })

  test('comes with the HTML, in the box the app then draws it in', async ({ page, request }) => {
    const producto = await firstProducto(request)
    const name = (producto.nombre || producto.titulo || '').trim()
    // The page as served, before the app's JS has run.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(`/product/${producto._id}`)
    const served = page.getByRole('img', { name, exact: true })
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const before = await served.boundingBox()
    // The app draws the same picture at the same place and size: nothing moves.
    await page.unroute('**/assets/*.js')
    await page.goto(`/product/${producto._id}`)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    const after = await page.getByRole('main').getByRole('img').first().boundingBox()
    expect(before!.width).toBeGreaterThan(300)
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after![k] - before![k]), k).toBeLessThanOrEqual(1)
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE, isMobile: true })

  test('a product page draws from the product it carries, without asking the API', async ({ page, request }) => {
    const producto = await firstProducto(request)
    const errors = watchPageErrors(page)
    const asked: string[] = []
    await page.route(`**/v1/productos/${producto._id}`, (route) => {
      asked.push(route.request().url())
      return route.abort()
    })
    await page.goto(`/product/${producto._id}`)
    await expect(page.getByRole('heading', { level: 1, name: (producto.nombre || producto.titulo || '').trim() })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    expect(asked).toEqual([])
    // The main picture was asked for before the app ran (the preload in the page's head).
    expect(await page.locator(`link[rel="preload"][as="image"][href^="${producto.imagen}"]`).count()).toBe(1)
    expect(errors).toEqual([])
  })

  test('an unknown product or page answers 404 with the Spanish page', async ({ page }) => {
    for (const path of ['/product/0123456789abcdef01234567', '/no-existe', '/busqueda/no-existe']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
      await expect(page).toHaveTitle(/^Página no encontrada \| /)
    }
    await page.getByRole('link', { name: 'Volver a Inicio' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the shop is installable: manifest with its icons', async ({ page, request }) => {
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = await (await request.get(href!)).json()
    expect(manifest).toMatchObject({ name: 'Tienda de Seguridad y Redes', start_url: '/', display: 'standalone' })
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src)
      expect(res.status(), icon.src).toBe(200)
      expect(res.headers()['content-type']).toBe('image/png')
    }
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true)
  })
})

test('the sitemap lists the products and robots.txt names it', async ({ request }) => {
  const producto = await firstProducto(request)
  const robots = await (await request.get('/robots.txt')).text()
  const sitemapURL = robots.match(/^Sitemap: (.+)$/m)?.[1]
  expect(sitemapURL).toMatch(/\/sitemap\.xml$/)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`/product/${producto._id}</loc>`)
  expect(robots).not.toMatch(/^Disallow: \/v1\/productos/m)
})
