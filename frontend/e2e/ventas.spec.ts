import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO, DESKTOP, apiToken, bearer, logIn, shot, watchPageErrors } from './helpers'

// Browser journeys of the sales back office (issue 6) and the cash cut (issue 7), against the real
// binary on a fresh store. Orders are placed through the API as the demo customer while the page
// is open, exactly as a second device would.

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)

type VentaJson = { _id: string; folio: string; total: number; carrito: { nombre: string; entregado: boolean }[] }


/** Places a counter order of `count` different products as the demo customer. */
async function placeOrden(request: APIRequestContext, cliente: string, count = 2, offset = 0): Promise<VentaJson> {
  const t = await apiToken(request, DEMO.cliente)
  const list = await (await request.get(`/v1/productos?limit=${count}&page=${1 + offset}`)).json()
  const carrito = list.products.slice(0, count).map((p: { _id: string; variantes: { _id: string }[] }) => ({
    id: p.variantes[0]._id,
    producto_id: p._id,
    cantidad: 1,
  }))
  const r = await request.post('/v1/ventas', { headers: bearer(t), data: { cliente, carrito } })
  expect(r.status(), await r.text()).toBe(201)
  return r.json()
}

async function markPaid(request: APIRequestContext, id: string, metodoPago: string) {
  const t = await apiToken(request, DEMO.cajero)
  const r = await request.patch(`/v1/ventas/${id}`, { headers: bearer(t), data: { pago: 'Pagado', metodoPago } })
  expect(r.ok(), await r.text()).toBeTruthy()
}

/** Counts print() calls in every page of the context (the print dialog cannot be seen headless). */
async function watchPrint(page: Page) {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __prints: number }
    w.__prints = 0
    window.print = () => {
      w.__prints += 1
    }
  })
}

test.describe('sales back office', () => {
  test.use({ viewport: DESKTOP })

  test('a Comandero sees a new counter order appear without reloading and marks its items delivered', async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page)
    await logIn(page, DEMO.comandero)
    await page.goto('/ventas/ordenes')
    await expect(page.getByRole('heading', { name: 'Lista de ordenes', level: 1 })).toBeVisible()
    await expect(page.getByText('Se actualiza sola')).toBeVisible()
    // A marker that a reload would wipe out.
    await page.evaluate(() => ((window as unknown as { __sinRecargar: boolean }).__sinRecargar = true))

    const cliente = `Mesa ${Date.now() % 10000}`
    const venta = await placeOrden(request, cliente, 2)
    const row = page.locator(`[data-testid="orden"][data-folio="${venta.folio}"]`)
    await expect(row).toBeVisible({ timeout: 15_000 })
    await expect(row).toContainText(cliente)
    await expect(row).toContainText(money(venta.total))
    expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true)
    // Announced in sight too, and shown in one tap.
    const banner = page.getByTestId('ordenes-nuevas')
    await expect(banner).toContainText('Hay 1 orden nueva')
    await expect(row).toContainText('Nueva')
    await shot(page, 'ordenes-nueva-desktop')
    await banner.getByRole('button', { name: 'Ver órdenes nuevas' }).click()
    await expect(banner).toBeHidden()
    await expect(page.locator('[data-testid="orden"]').first()).toHaveAttribute('data-folio', venta.folio)

    for (const item of venta.carrito) {
      const toggle = row.getByRole('switch', { name: `Entregado: ${item.nombre}` })
      await expect(toggle).toHaveAttribute('aria-checked', 'false')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-checked', 'true')
    }
    await shot(page, 'ordenes-entregado-desktop')

    // The server kept it.
    const t = await apiToken(request, DEMO.comandero)
    const saved: VentaJson = await (await request.get(`/v1/ventas/${venta._id}`, { headers: bearer(t) })).json()
    expect(saved.carrito.map((i) => i.entregado)).toEqual([true, true])

    // 'Actualizar Orden' without the payment fields for a Comandero; mark the order Entregado.
    await row.getByRole('button', { name: `Gestionar orden ${venta.folio}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Actualizar Orden' })
    await expect(dialog.getByLabel('Entrega')).toBeVisible()
    await expect(dialog.getByLabel('Pago', { exact: true })).toHaveCount(0)
    await shot(page, 'actualizar-orden-comandero')
    await dialog.getByLabel('Entrega').selectOption('Entregado')
    await dialog.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('status')).toContainText(`Orden ${venta.folio} actualizada.`)
    await expect(row).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('the order list is usable on a tablet (cards)', async ({ page, request }) => {
    await page.setViewportSize({ width: 820, height: 1180 })
    const venta = await placeOrden(request, 'Mostrador tablet', 2, 2)
    await logIn(page, DEMO.cajero)
    await page.goto('/ventas/ordenes')
    const card = page.locator(`li[data-testid="orden"][data-folio="${venta.folio}"]`)
    await expect(card).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await card.getByRole('button', { name: `Gestionar orden ${venta.folio}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Actualizar Orden' })
    await expect(dialog.getByLabel('Pago', { exact: true })).toBeVisible()
    await expect(dialog.getByLabel('Método de pago')).toBeVisible()
    await shot(page, 'ordenes-tablet-dialog')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'ordenes-tablet')
  })

  test('an Auxiliar records a shipment with carrier, guide and cost and sees it in Reporte de envíos', async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page)
    const venta = await placeOrden(request, 'Envío a domicilio', 1, 4)
    await logIn(page, DEMO.auxiliar)
    await page.goto('/ventas/envios')
    await expect(page.getByRole('heading', { name: 'Reporte de envíos', level: 1 })).toBeVisible()
    const row = page.locator(`[data-testid="envio-venta"][data-folio="${venta.folio}"]`)
    await expect(row).toContainText('Sin envío registrado')
    await row.getByRole('button', { name: `Gestionar envío ${venta.folio}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Actualizar Envio' })
    await dialog.getByLabel('Estado del envío').selectOption('Enviado')
    await dialog.getByLabel('Empresa de paquetería').fill('Estafeta')
    await dialog.getByLabel('Guía de rastreo').fill('EST-7788990011')
    await dialog.getByLabel('Costo de envío').fill('189.50')
    await dialog.getByLabel('Observaciones').fill('Entregar en recepción\nHorario de 9 a 18')
    await shot(page, 'actualizar-envio')
    await dialog.getByRole('button', { name: 'Guardar' }).click()
    await expect(dialog).toBeHidden()

    const envio = row.getByTestId('envio')
    await expect(envio).toContainText('Enviado')
    await expect(envio).toContainText('Estafeta')
    await expect(envio).toContainText('Guía: EST-7788990011')
    await expect(envio).toContainText('Costo: $189.50')
    await expect(envio).toContainText('Entregar en recepción')
    await shot(page, 'envios-desktop')

    await page.reload()
    await expect(page.locator(`[data-testid="envio-venta"][data-folio="${venta.folio}"]`).getByTestId('envio')).toContainText(
      'EST-7788990011',
    )
    expect(errors).toEqual([])
  })

  test('the sales report for today shows the day’s totals', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const venta = await placeOrden(request, 'Reporte', 2, 6)
    const t = await apiToken(request, DEMO.auxiliar)
    type VentaDelDia = { total: number; entrega: string; pago: string; devoluciones?: { monto: number }[] }
    const day: VentaDelDia[] = await (await request.get('/v1/ventas/', { headers: bearer(t) })).json()
    const counted = day.filter((s) => s.entrega !== 'Cancelado' && s.entrega !== 'Devuelto')
    const cents = (list: VentaDelDia[]) => list.reduce((sum, s) => sum + Math.round(s.total * 100), 0)
    // Ingresos are the day's payments less its refunds (every sale here was placed today); the
    // unpaid rest is 'Por cobrar'.
    const refunds = day.flatMap((s) => s.devoluciones ?? []).reduce((sum, d) => sum + Math.round(d.monto * 100), 0)
    const paid = cents(day.filter((s) => s.pago === 'Pagado')) - refunds
    const unpaid = cents(counted.filter((s) => s.pago !== 'Pagado'))
    expect(unpaid).toBeGreaterThanOrEqual(Math.round(venta.total * 100))

    await logIn(page, DEMO.auxiliar)
    await page.goto('/ventas')
    await expect(page.getByRole('heading', { name: 'Reporte de ventas', level: 1 })).toBeVisible()
    await expect(page.getByTestId('Total de ventas')).toHaveText(counted.length.toLocaleString('es-MX'))
    await expect(page.getByTestId('Total de ingresos')).toHaveText(money(paid / 100))
    await expect(page.getByTestId('Por cobrar')).toHaveText(money(unpaid / 100))
    await expect(page.getByRole('group', { name: 'Por cobrar' })).toContainText('Subtotal (sin IVA)')
    await expect(page.getByRole('columnheader', { name: 'Precio Final (sin IVA)' })).toBeVisible()
    const productos = page.getByRole('region', { name: 'Productos vendidos' })
    await expect(productos).toContainText(venta.carrito[0].nombre)
    await expect(page.getByRole('table').getByText(`Folio ${venta.folio}`).first()).toBeVisible()
    await shot(page, 'ventas-reporte-desktop', { fullPage: true })

    // A day without sales.
    await page.getByLabel('Fecha de inicio').fill('2020-01-01')
    await page.getByLabel('Fecha de fin').fill('2020-01-01')
    await page.getByRole('button', { name: 'Filtrar ventas' }).click()
    await expect(page.getByText('No hay ventas')).toBeVisible()
    await expect(page.getByText('No hay productos vendidos')).toBeVisible()
    await expect(page.getByTestId('Total de ingresos')).toHaveText('$0.00')
    await expect(page.getByTestId('Por cobrar')).toHaveText('$0.00')
    expect(errors).toEqual([])
  })
})

test.describe('cash cut', () => {
  test.use({ viewport: DESKTOP })

  test('a Cajero sees the day’s totals, makes the cut, sees the empty messages and prints', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    await watchPrint(page)
    const a = await placeOrden(request, 'Corte efectivo', 1, 8)
    const b = await placeOrden(request, 'Corte tarjeta', 1, 9)
    await markPaid(request, a._id, 'Efectivo')
    await markPaid(request, b._id, 'Tarjeta')
    const t = await apiToken(request, DEMO.cajero)
    const pending = await (await request.get('/v1/ventas/reporte/metodo-pago', { headers: bearer(t) })).json()
    const efectivo = pending.totales.find((x: { metodo: string }) => x.metodo === 'Efectivo').venta as number

    await logIn(page, DEMO.cajero)
    await page.goto('/corte')
    await expect(page.getByRole('heading', { name: 'Cortes de caja', level: 1 })).toBeVisible()
    const byMethod = page.getByRole('region', { name: 'Por metodo de pago' })
    await expect(byMethod).toContainText('Efectivo')
    await expect(byMethod).toContainText('Tarjeta')
    await expect(byMethod).toContainText(money(efectivo))
    await expect(byMethod).toContainText(`Total${money(pending.totalGeneral)}`)
    const byUsuario = page.getByRole('region', { name: 'Por usuario' })
    await expect(byUsuario).toContainText('Carmen')
    await expect(byUsuario).toContainText(money(pending.totalGeneral))
    await shot(page, 'corte-pendiente-desktop', { fullPage: true })

    // The printable view of the pending totals, in a new tab.
    const printTab = page.context().waitForEvent('page')
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click()
    const print = await printTab
    await expect(print).toHaveURL(/\/corte\/print$/)
    await expect(print.getByRole('heading', { name: 'Corte de caja', level: 1 })).toBeVisible()
    await expect(print.getByRole('region', { name: 'Por metodo de pago' })).toContainText(money(pending.totalGeneral))
    await expect.poll(() => print.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1)
    await shot(print, 'corte-print-pendiente', { fullPage: true })
    await print.close()

    // 'Hacer corte' without counting the drawer (caja.spec.ts counts it by denomination).
    await page.getByRole('button', { name: 'Hacer corte' }).click()
    const dialog = page.getByRole('dialog', { name: 'Hacer corte' })
    await expect(dialog).toContainText(`Efectivo esperado en caja: ${money(efectivo)}`)
    await dialog.getByLabel('Observaciones').fill('Sin contar el efectivo')
    await shot(page, 'corte-confirmar')
    await dialog.getByRole('button', { name: 'Confirmar' }).click()

    const result = page.getByRole('status').filter({ hasText: 'realizado' })
    await expect(result).toBeVisible()
    await expect(result.getByTestId('efectivo-esperado')).toHaveText(money(efectivo))
    await expect(result.getByTestId('efectivo-contado')).toHaveText('No capturado')
    await expect(result.getByTestId('diferencia')).toHaveCount(0)
    await expect(page.getByText('No hay ventas pendientes de corte por método de pago.')).toBeVisible()
    await expect(page.getByText('No hay ventas pendientes de corte por usuario.')).toBeVisible()
    await expect(page.getByTestId('corte-anterior').first()).toContainText(money(pending.totalGeneral))
    await shot(page, 'corte-hecho-desktop', { fullPage: true })

    // Reprint the cut just made.
    const corteTab = page.context().waitForEvent('page')
    await result.getByRole('button', { name: 'Imprimir corte' }).click()
    const cortePrint = await corteTab
    await expect(cortePrint).toHaveURL(/\/corte\/print\?id=/)
    await expect(cortePrint.getByTestId('efectivo-esperado')).toHaveText(money(efectivo))
    await expect(cortePrint.getByText(a.folio)).toBeVisible()
    await expect.poll(() => cortePrint.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1)
    await shot(cortePrint, 'corte-print-corte', { fullPage: true })
    await cortePrint.emulateMedia({ media: 'print' })
    await shot(cortePrint, 'corte-print-media-print', { fullPage: true })
    await cortePrint.close()

    // Nothing left: 'Hacer corte' is disabled and says why.
    await expect(page.getByRole('button', { name: 'Hacer corte' })).toBeDisabled()
    await expect(page.getByText('No hay ventas ni movimientos de caja pendientes de corte.')).toBeVisible()
    expect(errors).toEqual([])
  })
})
