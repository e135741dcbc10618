import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DEMO, MOBILE, apiToken, logIn, shot, watchPageErrors } from './helpers'

// What a shopper trips over on a phone (issue 16): scroll position between pages, the quantity
// stepper past the stock, the purchase history on a narrow screen, the header at 320 px, long
// e-mails, the favourites' ellipsis and unknown category pages. Against the real binary.

type Variant = { _id: string; talla?: string; stock?: number }
type Producto = { _id: string; nombre?: string; variantes?: Variant[] }

const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/** Every product of the demo catalogue with its variants, as the API answers them. */
async function allProductos(request: APIRequestContext): Promise<Producto[]> {
  const out: Producto[] = []
  for (let page = 1; page < 10; page++) {
    const body = (await (await request.get(`/v1/productos?compact=0&limit=24&page=${page}`)).json()) as {
      products: Producto[]
      meta?: { hasMore?: boolean }
    }
    out.push(...body.products)
    if (!body.meta?.hasMore) break
  }
  return out
}

/** Clicks '+' until it turns off (or `max` times); answers how often it was clicked. */
async function clickUntilDisabled(plus: Locator, max: number): Promise<number> {
  let n = 0
  while (n < max && (await plus.isEnabled())) {
    await plus.click()
    n++
  }
  return n
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

/** Whether the element lies wholly inside the viewport's width (no horizontal scrolling needed). */
async function insideWidth(el: Locator, width: number) {
  const box = await el.boundingBox()
  expect(box, 'the element is laid out').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5)
}

/** Scrolls the page (only vertically) so the element is in the middle of the screen. */
async function scrollVerticallyTo(el: Locator) {
  await el.evaluate((node) => {
    const r = node.getBoundingClientRect()
    window.scrollTo(0, window.scrollY + r.top - window.innerHeight / 2)
  })
}

test.describe('on a phone (390x844)', () => {
  test.use(PHONE)

  test('a new page starts at the top; Back returns to where the infinite list was left', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/')
    const list = page.getByRole('region', { name: 'Productos Destacados' }).getByRole('listitem')
    await expect(list.first().getByRole('link')).toBeVisible()
    // Scroll down the infinite list until its second page is in.
    for (let i = 0; i < 20 && (await list.count()) <= 24; i++) {
      await page.mouse.wheel(0, 1500)
      await page.waitForTimeout(150)
    }
    expect(await list.count()).toBeGreaterThan(24)
    await expect(page.getByTestId('load-more')).toBeAttached()

    // A product low in the list.
    const card = list.nth(30).getByRole('link')
    await card.scrollIntoViewIfNeeded()
    const href = await card.getAttribute('href')
    const before = await scrollY(page)
    expect(before).toBeGreaterThan(2000)
    await card.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    expect(await scrollY(page)).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await shot(page, 'scroll-product-top-mobile')

    // Back: the list is there again, at the same place, with the same product on screen.
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => scrollY(page)).toBe(before)
    await expect(page.locator(`a[href="${href}"]`)).toBeInViewport()
    await shot(page, 'scroll-back-mobile')

    // Forward returns to the product at its top; a tab of the bottom bar opens at the top too.
    await page.goForward()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    expect(await scrollY(page)).toBe(0)
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    expect(await scrollY(page)).toBeGreaterThan(0)
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Tiendas' }).click()
    await expect(page).toHaveURL(/\/tiendas$/)
    await expect(page.getByRole('heading', { name: 'Tiendas', level: 1 })).toBeVisible()
    expect(await scrollY(page)).toBe(0)
    expect(errors).toEqual([])
  })

  test("the stepper stops at the stock and says why; adding again never passes it, in the cart neither", async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const productos = await allProductos(request)
    const few = productos.find((p) => p.variantes?.length === 1 && (p.variantes[0].stock ?? 0) >= 2 && (p.variantes[0].stock ?? 0) <= 4)
    expect(few, 'a demo product with 2 to 4 units').toBeTruthy()
    const stock = few!.variantes![0].stock!

    await page.goto(`/product/${few!._id}`)
    await expect(page.getByText(`${stock} disponibles`)).toBeVisible()
    const plus = page.getByRole('button', { name: 'Agregar uno' })
    await clickUntilDisabled(plus, stock + 3)
    await expect(page.getByTestId('cantidad')).toHaveText(String(stock))
    await expect(plus).toBeDisabled()
    await expect(page.getByTestId('limite-existencias')).toHaveText(`Solo hay ${stock} disponibles.`)
    await expect(page.getByTestId('limite-existencias')).toBeVisible()
    await shot(page, 'stock-cap-mobile')

    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await expect(page.getByText('Producto agregado al carrito.')).toBeVisible()
    await expect(page.getByTestId('limite-existencias')).toHaveText(`Ya tienes en tu carrito las ${stock} piezas disponibles.`)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled()

    // Another visit to the product: the cart still counts, nothing more can be added.
    await page.reload()
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled()
    await expect(page.getByTestId('cantidad')).toHaveText('0')
    const carrito = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { cantidad: number }[])
    expect(carrito.map((i) => i.cantidad)).toEqual([stock])

    // The cart's own '+' stops at the stock as well, and says so.
    await page.goto('/carrito')
    const row = page.getByTestId('cart-row')
    await expect(row.getByTestId('cantidad')).toHaveText(String(stock))
    await expect(row.getByRole('button', { name: 'Agregar uno' })).toBeDisabled()
    await expect(row.getByTestId('limite-existencias')).toHaveText(`Solo hay ${stock} disponibles.`)
    await row.getByRole('button', { name: 'Quitar uno' }).click()
    await expect(row.getByTestId('limite-existencias')).toBeHidden()
    await row.getByRole('button', { name: 'Agregar uno' }).click()
    await expect(row.getByTestId('cantidad')).toHaveText(String(stock))
    await expect(row.getByRole('button', { name: 'Agregar uno' })).toBeDisabled()
    await shot(page, 'stock-cap-cart-mobile')
    expect(errors).toEqual([])
  })

  test('choosing a variant with less stock caps the quantity at once', async ({ page, request }) => {
    const productos = await allProductos(request)
    const reel = productos.find((p) => (p.variantes ?? []).filter((v) => (v.stock ?? 0) > 0).length >= 2)
    expect(reel, 'a demo product with two variants in stock').toBeTruthy()
    const [big, small] = reel!.variantes!.filter((v) => (v.stock ?? 0) > 0).sort((a, b) => b.stock! - a.stock!)
    expect(big.stock!).toBeGreaterThan(small.stock!)

    await page.goto(`/product/${reel!._id}`)
    const variante = page.getByLabel('Variante')
    await variante.selectOption(big._id)
    await clickUntilDisabled(page.getByRole('button', { name: 'Agregar uno' }), small.stock! + 1)
    await expect(page.getByTestId('cantidad')).toHaveText(String(small.stock! + 2))
    await variante.selectOption(small._id)
    await expect(page.getByTestId('cantidad')).toHaveText(String(small.stock))
    await expect(page.getByTestId('limite-existencias')).toHaveText(`Solo hay ${small.stock} disponibles.`)
    await expect(page.getByRole('button', { name: 'Agregar uno' })).toBeDisabled()
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    const carrito = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; cantidad: number }[])
    expect(carrito).toEqual([expect.objectContaining({ id: small._id, cantidad: small.stock })])
  })

  test('a favourite opens its product at the top of the page (the strip glides up)', async ({ page }) => {
    await page.goto('/')
    const strip = page.getByRole('region', { name: 'Favoritos' })
    const first = strip.getByRole('button').first()
    await first.scrollIntoViewIfNeeded()
    expect(await scrollY(page)).toBeGreaterThan(0)
    await first.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeVisible()
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  test("favourites end their description with '…'", async ({ page }) => {
    await page.goto('/')
    const strip = page.getByRole('region', { name: 'Favoritos' })
    const first = strip.getByRole('button').first()
    await expect(first).toBeVisible()
    await expect(first).toContainText('…')
    for (const text of await strip.getByRole('button').allInnerTexts()) expect(text).not.toContain('...')
  })
})

test.describe('on a 360x740 phone', () => {
  test.use({ ...PHONE, viewport: { width: 360, height: 740 } })

  test('the purchase history shows Total con IVA, Fecha, Pago and Entrega inside the screen, no sideways scrolling', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    // A purchase of the demo customer, placed as a second device would.
    const t = await apiToken(request, DEMO.cliente)
    const [p] = (await allProductos(request)).filter((x) => x.variantes?.length === 1 && (x.variantes[0].stock ?? 0) >= 3)
    const placed = await request.post('/v1/ventas', {
      headers: { Authorization: `Bearer ${t}` },
      data: { cliente: 'Claudia', carrito: [{ id: p.variantes![0]._id, producto_id: p._id, cantidad: 2 }] },
    })
    expect(placed.status(), await placed.text()).toBe(201)

    await logIn(page, DEMO.cliente)
    await page.goto('/usuarios/perfil')
    const history = page.getByRole('list', { name: 'Historial de compras' })
    const card = history.getByRole('listitem').filter({ hasText: p.nombre ?? '' }).first()
    await expect(card).toBeVisible()
    await expect(page.getByRole('table')).toBeHidden()
    for (const label of ['Total con IVA', 'Fecha', 'Pago', 'Entrega']) {
      const figure = card.getByText(label, { exact: true }).locator('xpath=..')
      await scrollVerticallyTo(figure)
      await expect(figure).toBeVisible()
      await expect(figure).toBeInViewport({ ratio: 1 })
      await insideWidth(figure, 360)
    }
    await expect(card).toContainText(/\$[\d,]+\.\d{2}/)
    await expect(card).toContainText(/\d{4}-\d{2}-\d{2}/)
    await expect(card).toContainText('Pendiente')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await shot(page, 'purchase-history-360')

    // The page of purchases too.
    await page.goto('/usuarios/compras')
    const compra = page.getByRole('article').filter({ hasText: p.nombre ?? '' }).first()
    await expect(compra).toBeVisible()
    for (const part of [compra.getByText(/^Total /), compra.getByText(/^\d{4}-\d{2}-\d{2}/), compra.getByText('Pendiente')]) {
      await scrollVerticallyTo(part)
      await expect(part).toBeInViewport({ ratio: 1 })
      await insideWidth(part, 360)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
  })

  test('a long e-mail wraps at its dots and its @, never inside a word', async ({ page, request }) => {
    const email = `maria.fernanda.gonzalez.hernandez${Date.now() % 100000}@seguridad-integral-monterrey.com.mx`
    const password = 'Secreta#2026'
    const created = await request.post('/v1/usuarios', { data: { name: 'María Fernanda González', email, password, phone: '5512345678' } })
    expect(created.status(), await created.text()).toBe(201)
    await logIn(page, { email, password })
    await page.goto('/usuarios/perfil')
    const dd = page.locator('dt', { hasText: 'Correo electrónico' }).locator('xpath=following-sibling::dd')
    await expect(dd).toHaveText(email)
    await insideWidth(dd, 360)
    // The text as it is laid out, line by line.
    const lines = await dd.evaluate((node) => {
      const out: { top: number; text: string }[] = []
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (let i = 0; i < (t.textContent ?? '').length; i++) {
          const range = document.createRange()
          range.setStart(t, i)
          range.setEnd(t, i + 1)
          const top = Math.round(range.getBoundingClientRect().top)
          const last = out.at(-1)
          if (last && Math.abs(last.top - top) < 4) last.text += t.textContent![i]
          else out.push({ top, text: t.textContent![i] })
        }
      }
      return out.map((l) => l.text)
    })
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.join('')).toBe(email)
    for (let i = 0; i + 1 < lines.length; i++) {
      const clean = /[@-]$/.test(lines[i]) || lines[i + 1].startsWith('.')
      expect(clean, `"${lines[i]}" | "${lines[i + 1]}"`).toBe(true)
    }
    await shot(page, 'profile-long-email-360')
  })
})

test.describe('on a 320x640 phone', () => {
  test.use({ ...PHONE, viewport: { width: 320, height: 640 } })

  test('the header keeps menu, logo, profile and cart on one row', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('button', { name: 'Abrir menú' })).toBeEnabled()
    const boxes = await Promise.all(
      [
        header.getByRole('button', { name: 'Abrir menú' }),
        header.getByRole('link', { name: /ir a Inicio/ }),
        header.getByRole('link', { name: 'Mi perfil' }),
        header.getByRole('link', { name: /^Carrito/ }),
      ].map((l) => l.boundingBox()),
    )
    const centres = boxes.map((b) => b!.y + b!.height / 2)
    for (const c of centres) expect(Math.abs(c - centres[0])).toBeLessThanOrEqual(2)
    for (const b of boxes) expect(b!.x + b!.width).toBeLessThanOrEqual(320)
    const search = await header.getByPlaceholder('¿Qué estás buscando hoy?').boundingBox()
    expect(search!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await shot(page, 'header-320')
    expect(errors).toEqual([])
  })

  test("an unknown category shows 'Página no encontrada', not its slug", async ({ page }) => {
    await page.goto('/busqueda/no-existe-esta-categoria')
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeEnabled()
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByText('no-existe-esta-categoria')).toHaveCount(0)
    await page.getByRole('link', { name: 'Volver a Inicio' }).click()
    await expect(page).toHaveURL(/\/$/)
    // A known one is still a category page, also at the menu's old link.
    await page.goto('/busqueda/video-vigilancia')
    await expect(page.getByRole('heading', { level: 1, name: 'Videovigilancia' })).toBeVisible()
  })
})
