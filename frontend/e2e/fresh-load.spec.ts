import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer } from './helpers'

// Issue 26: a page loaded fresh (a typed or shared link, the return from Mercado Pago) opens at
// its top, whatever the previous fresh load of the tab left; Back still returns to where the
// shopper left a page. Each step below is a new document in the same tab, as a shopper's are.

const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

/** Scrolls to the bottom of the page and answers where it got to. */
async function scrollToBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
  return scrollY(page)
}

/** The page stays at its top once its screen has loaded (restoration runs after the lazy screen). */
async function expectAtTop(page: Page, visible: Locator) {
  await expect(visible).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
  expect(await scrollY(page)).toBe(0)
  await expect(visible).toBeInViewport()
}

async function twoProductoIds(request: APIRequestContext): Promise<[string, string]> {
  const body = (await (await request.get('/v1/productos?compact=0&limit=24')).json()) as {
    products: { _id: string; variantes?: { _id: string; stock?: number }[] }[]
  }
  const inStock = body.products.filter((p) => (p.variantes?.[0]?.stock ?? 0) >= 2)
  expect(inStock.length).toBeGreaterThanOrEqual(2)
  return [inStock[0]._id, inStock[1]._id]
}

test.describe('fresh loads on a phone (390x844)', () => {
  test.use(PHONE)

  test('a typed or shared link opens at the top after another page was scrolled; Back returns to the scrolled page', async ({
    page,
    request,
  }) => {
    const [first, second] = await twoProductoIds(request)
    const addToCarrito = page.getByRole('button', { name: 'Agregar al carrito' })

    await page.goto(`/product/${first}`)
    await expect(addToCarrito).toBeVisible()
    await scrollToBottom(page)

    // Typed: the registration form opens at its title, not at its footer.
    await page.goto('/usuarios/registro')
    await expectAtTop(page, page.getByRole('heading', { name: 'Registre sus datos' }))
    const left = await scrollToBottom(page)

    // A shared product link, opened in the same tab.
    await page.goto(`/product/${second}`)
    await expectAtTop(page, page.getByRole('heading', { level: 1 }))

    // In-app navigation to a new page starts at the top too.
    await scrollToBottom(page)
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Tiendas' }).click()
    await expectAtTop(page, page.getByRole('heading', { name: 'Tiendas', level: 1 }))

    // Back, twice: to the product (top, as left), then to the registration form, where it was left.
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/product/${second}$`))
    await page.goBack()
    await expect(page).toHaveURL(/\/usuarios\/registro$/)
    await expect(page.getByRole('heading', { name: 'Registre sus datos' })).toBeAttached()
    // Restored as soon as the screen is drawn, before the footer's store details arrive: the page
    // may then be shorter than when it was left, so the position is at most where it was.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
    expect(await scrollY(page)).toBeLessThanOrEqual(left)
  })

  test('a fresh home leaves the cards below its first screen for later; Back to the scrolled home lands on the same product', async ({
    page,
  }) => {
    await page.goto('/')
    const cards = page.getByRole('region', { name: 'Productos Destacados' }).getByRole('listitem')
    const contentVisibility = (card: Locator) => card.evaluate((el) => getComputedStyle(el).contentVisibility)
    await expect(cards.nth(15)).toBeAttached()
    // The first screen of a fresh load: the browser lays out a card far below only as it nears the viewport.
    expect(await contentVisibility(cards.nth(15))).toBe('auto')

    const target = cards.nth(13)
    await target.scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    const top = Math.round((await target.boundingBox())?.y ?? -1)
    const link = target.getByRole('link').first()
    const href = await link.getAttribute('href')
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    // React Router renders each navigation in a transition: the address changes first, and the page
    // left stays on screen until the next one is drawn. The product is drawn (featured products are in stock).
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()

    // Back within the app: the page is drawn in full, so its position lands on the same product.
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(target.getByRole('link').first()).toHaveAttribute('href', href ?? '')
    await expect(target).toBeInViewport()
    await expect.poll(() => contentVisibility(cards.nth(15))).toBe('visible') // drawn by the Back's transition
    await expect.poll(async () => Math.round((await target.boundingBox())?.y ?? -1)).toBe(top)
  })

  test("the return from Mercado Pago to /success lands on '¡Pago recibido!' after a scrolled page", async ({ page, request }) => {
    const [productoId] = await twoProductoIds(request)
    // A real sale of the demo customer, kept by this browser as the one Mercado Pago paid (the
    // page then shows its receipt without asking the provider, as after a confirmed payment).
    const list = (await (await request.get(`/v1/productos/${productoId}`)).json()) as { _id: string; variantes: { _id: string }[] }
    const placed = await request.post('/v1/ventas', {
      headers: bearer(await apiToken(request, DEMO.cliente)),
      data: { cliente: 'Ana', carrito: [{ id: list.variantes[0]._id, producto_id: productoId, cantidad: 1 }] },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const venta = { ...((await placed.json()) as Record<string, unknown>), mercadoPago: { payment_id: '424242', status: 'approved' } }

    await page.goto(`/product/${productoId}`)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    await page.evaluate((v) => localStorage.setItem('ultimaVenta', JSON.stringify(v)), venta)
    await scrollToBottom(page)

    // Mercado Pago sends the shopper back: a fresh load of /success in the same tab.
    await page.goto('/success?payment_id=424242&status=approved&collection_id=424242&payment_type=credit_card')
    await expectAtTop(page, page.getByRole('heading', { name: '¡Pago recibido!' }))
  })
})
