import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer, logIn, paidVenta, shot } from './helpers'

// Issue 26, on a phone against the real binary: the thank-you page shows the order just placed
// first and prints its ticket; opened directly it says there is none; 'Mis compras' shows payment
// and delivery apart; signing in from the cart returns to the cart; a sold-out variant says
// 'Agotado' and the unit is named in words.

const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

type Producto = { _id: string; variantes: { _id: string; stock?: number }[] }

async function productos(request: APIRequestContext): Promise<Producto[]> {
  return ((await (await request.get('/v1/productos?compact=0&limit=24')).json()) as { products: Producto[] }).products
}

/** A product whose first variant has stock to spare. */
async function inStock(request: APIRequestContext, skip = 0): Promise<Producto> {
  const list = (await productos(request)).filter((p) => (p.variantes[0]?.stock ?? 0) >= 5)
  expect(list.length).toBeGreaterThan(skip)
  return list[skip]
}

async function addToCarrito(page: Page, producto: Producto) {
  await page.goto(`/product/${producto._id}`)
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByText('Producto agregado al carrito.')).toBeVisible()
}

test.describe('orders on a phone (390x844)', () => {
  test.use(PHONE)

  test("the thank-you page lists the new order first and its 'Imprimir ticket' prints it; opened directly it says there is none", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    // An older order of the customer, still waiting at the counter.
    const older = await inStock(request, 1)
    const placedBefore = await request.post('/v1/ventas', {
      headers: bearer(await apiToken(request, DEMO.cliente)),
      data: { cliente: 'Pedido anterior', carrito: [{ id: older.variantes[0]._id, producto_id: older._id, cantidad: 1 }] },
    })
    expect(placedBefore.status(), await placedBefore.text()).toBe(201)

    await logIn(page, DEMO.cliente)
    await addToCarrito(page, await inStock(request))
    await page.goto('/carrito')
    await page.getByRole('button', { name: 'Pagar en caja' }).click()
    const dialog = page.getByRole('dialog', { name: 'Quien Ordena ?' })
    await dialog.getByLabel('Nombre').fill('Lucía')
    const answer = page.waitForResponse((r) => r.url().endsWith('/v1/ventas') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Pagar en caja' }).click()
    const venta = (await (await answer).json()) as { _id: string; folio: string }

    await expect(page).toHaveURL(/\/carrito\/gracias$/)
    await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toBeInViewport()
    await expect(page.getByTestId('folio-reciente')).toHaveText(venta.folio)
    const ordenes = page.getByTestId('orden')
    await expect.poll(() => ordenes.count()).toBeGreaterThanOrEqual(2)
    await expect(ordenes.first().getByTestId('folio')).toHaveText(venta.folio)
    await shot(page, 'gracias-orden-primero-mobile')

    // The first 'Imprimir ticket' opens this order's ticket.
    const ticket = ordenes.first().getByRole('link', { name: /^Imprimir ticket/ })
    await expect(ticket).toHaveAttribute('href', `/ventas/ticket/${venta._id}`)
    const popup = page.waitForEvent('popup')
    await ticket.click()
    const ticketPage = await popup
    await expect(ticketPage.getByTestId('ticket')).toHaveAttribute('aria-label', `Ticket de la venta ${venta.folio}`)
    await ticketPage.close()

    // A reload keeps the order; typed later (a new entry), the page has no order to thank for.
    await page.reload()
    await expect(page.getByTestId('folio-reciente')).toHaveText(venta.folio)
    await page.goto('/')
    await page.goto('/carrito/gracias')
    await expect(page.getByRole('heading', { name: 'No hay una compra reciente' })).toBeVisible()
    await expect(page.getByRole('heading', { name: '¡Gracias por tu compra!' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/usuarios/compras')
    await expect(page.getByRole('link', { name: 'Ir a la tienda' })).toHaveAttribute('href', '/')
    await shot(page, 'gracias-sin-compra-mobile')

    // 'Mis compras' shows this order unpaid and undelivered, with amounts with IVA.
    await page.getByRole('link', { name: 'Mis compras' }).click()
    const card = page.getByRole('article').filter({ hasText: venta.folio })
    await expect(card.getByTestId('pago')).toHaveText('Pendiente de pago')
    await expect(card.getByTestId('entrega')).toHaveText('Por entregar')
    await expect(card).toContainText('Total con IVA')
  })

  test("'Mis compras' is in the side menu and on the profile, and shows a paid order as 'Pagado'", async ({ page, request }) => {
    const venta = await paidVenta(request, { cliente: 'Pagada en caja', metodoPago: 'Efectivo', productsPage: 1 })
    await logIn(page, DEMO.cliente)
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('dialog', { name: 'Menú principal' }).getByRole('link', { name: /Mis compras/ }).click()
    await expect(page).toHaveURL(/\/usuarios\/compras$/)
    const card = page.getByRole('article').filter({ hasText: venta.folio })
    await expect(card.getByTestId('pago')).toHaveText('Pagado')
    await expect(card.getByTestId('entrega')).toHaveText('Por entregar')
    await shot(page, 'mis-compras-mobile')

    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Perfil' }).click()
    await page.getByRole('link', { name: 'Mis compras: folios y facturas' }).click()
    await expect(page).toHaveURL(/\/usuarios\/compras$/)
  })

  test('signing in from the cart returns to the cart', async ({ page, request }) => {
    await addToCarrito(page, await inStock(request))
    await page.goto('/carrito')
    await page.getByRole('link', { name: 'Iniciar sesión para poder Ordenar' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Correo electrónico').fill(DEMO.cliente.email)
    await page.getByLabel('Contraseña').fill(DEMO.cliente.password)
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByRole('status')).toContainText('Bienvenido')
    await expect(page).toHaveURL(/\/carrito$/, { timeout: 5_000 })
    await expect(page.getByRole('button', { name: 'Pagar en caja' })).toBeVisible()
  })

  test("a sold-out variant says 'Agotado' in its selector, and the unit is named in words", async ({ page, request }) => {
    const producto = (await productos(request)).find((p) => p.variantes.length > 1 && p.variantes.some((v) => (v.stock ?? 0) === 0))
    expect(producto, 'a demo product with a sold-out variant').toBeTruthy()
    await page.goto(`/product/${producto!._id}`)
    const select = page.getByLabel('Variante')
    await expect(select.locator('option')).toHaveCount(producto!.variantes.length)
    const labels = await select.locator('option').allTextContents()
    producto!.variantes.forEach((v, i) => {
      if ((v.stock ?? 0) === 0) expect(labels[i]).toMatch(/ — Agotado$/)
      else expect(labels[i]).not.toContain('Agotado')
    })
    await expect(page.getByText('Unidad de medida', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Pieza')
  })
})
