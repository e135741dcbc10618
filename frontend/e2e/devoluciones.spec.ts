import { expect, test, type APIRequestContext } from '@playwright/test'
import { lineRefund } from '../src/lib/refund'
import { DEMO, DESKTOP, apiToken, bearer, logIn, shot, watchPageErrors } from './helpers'

// Issue #23: a paid and delivered sale no longer leaves the cash desk's reach. A Cajero finds it
// by its folio in 'Lista de ordenes' (it is not among the open orders any more), records a return
// of one of its two units with a cash refund, and the sale then shows what was returned. Needs
// the server's POST /v1/ventas/{id}/devoluciones. The next cut counts the refund as cash out of
// the Cajero's drawer.

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)

/** The Cajero's cash refunds waiting for the next cut, in centavos. */
async function pendingEfectivoRefunds(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const r = await request.get('/v1/cortes/pendiente', { headers })
  expect(r.ok(), await r.text()).toBeTruthy()
  const caja = (await r.json()) as { porCajero?: { nombreUsuario: string; devolucionesEfectivo: number }[] }
  const drawer = caja.porCajero?.find((d) => d.nombreUsuario === 'Carmen Cajera')
  return Math.round((drawer?.devolucionesEfectivo ?? 0) * 100)
}

type VentaJson = {
  _id: string
  folio: string
  carrito: { _id: string; nombre: string; precioFinal: number; cantidad: number; devueltos?: number }[]
  devoluciones?: { monto: number; metodo: string; motivo: string; nombre: string }[]
}

/** A counter order of two units of one product, paid by card and delivered, through the API. */
async function deliveredVenta(request: APIRequestContext, cliente: string): Promise<VentaJson> {
  const list = (await (await request.get('/v1/productos?compact=0&limit=24&page=2')).json()) as {
    products: { _id: string; variantes: { _id: string; stock?: number }[] }[]
  }
  const p = list.products.find((x) => (x.variantes[0]?.stock ?? 0) >= 3)
  expect(p, 'a product with units').toBeTruthy()
  const placed = await request.post('/v1/ventas', {
    headers: bearer(await apiToken(request, DEMO.cliente)),
    data: { cliente, carrito: [{ id: p!.variantes[0]._id, producto_id: p!._id, cantidad: 2 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const venta = (await placed.json()) as VentaJson
  const cajero = bearer(await apiToken(request, DEMO.cajero))
  for (const data of [{ pago: 'Pagado', metodoPago: 'Tarjeta' }, { entrega: 'Entregado' }]) {
    const r = await request.patch(`/v1/ventas/${venta._id}`, { headers: cajero, data })
    expect(r.ok(), await r.text()).toBeTruthy()
  }
  return venta
}

test.describe('returns at the cash desk', () => {
  test.use({ viewport: DESKTOP })

  test('a Cajero finds a delivered sale by its folio and returns one unit with a cash refund', async ({ page, request }) => {
    test.slow() // a sale, a return and the cut: three screens
    const errors = watchPageErrors(page)
    const venta = await deliveredVenta(request, 'Rocío Devolución')
    const line = venta.carrito[0]
    const refund = lineRefund(line.precioFinal, 0, 1).total / 100
    const cajero = bearer(await apiToken(request, DEMO.cajero))
    const refundedBefore = await pendingEfectivoRefunds(request, cajero)

    await logIn(page, DEMO.cajero)
    await page.goto('/ventas/ordenes')
    await expect(page.getByRole('heading', { name: 'Lista de ordenes', level: 1 })).toBeVisible()
    const row = page.locator(`[data-testid="orden"][data-folio="${venta.folio}"]`)
    // Paid and delivered: not an open order.
    await expect(page.getByText('No hay órdenes pendientes').or(page.getByTestId('orden').first())).toBeVisible()
    await expect(row).toHaveCount(0)

    await page.getByLabel('Buscar órdenes').fill(venta.folio)
    await expect(row).toBeVisible()
    await expect(page.getByTestId('orden')).toHaveCount(1)
    await expect(row).toContainText('Entregado')
    await expect(row).toContainText('Pagado')
    await expect(row.getByRole('link', { name: /Imprimir ticket/ })).toHaveAttribute('href', `/ventas/ticket/${venta._id}`)

    await row.getByRole('button', { name: `Devolución de la orden ${venta.folio}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Devolución' })
    await expect(dialog.getByLabel('Método de reembolso')).toHaveValue('Tarjeta')
    await dialog.getByLabel(`Piezas por devolver de ${line.nombre}`).fill('1')
    await dialog.getByLabel('Método de reembolso').selectOption('Efectivo')
    await dialog.getByLabel('Motivo').fill('Llegó dañada')
    await expect(dialog.getByTestId('reembolso')).toContainText(`Reembolso (Efectivo)${money(refund)}`)
    await shot(page, 'devolucion-dialogo')
    await dialog.getByRole('button', { name: 'Registrar devolución' }).click()

    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Devolución registrada' })).toContainText(
      `Devolución registrada en la orden ${venta.folio}: reembolso de ${money(refund)}.`,
    )
    await expect(row).toContainText('Devueltas: 1 de 2')
    await expect(row).toContainText('Devolución parcial')

    await row.getByRole('button', { name: `Gestionar orden ${venta.folio}` }).click()
    const devoluciones = page.getByRole('region', { name: 'Devoluciones de la orden' })
    await expect(devoluciones).toContainText(`${money(refund)} en Efectivo`)
    await expect(devoluciones).toContainText(`1 pieza de ${line.nombre}`)
    await expect(devoluciones).toContainText('Motivo: Llegó dañada')
    await expect(devoluciones).toContainText('Carmen Cajera')
    await shot(page, 'devolucion-registrada')

    // The server says the same.
    const stored = (await (await request.get(`/v1/ventas/${venta._id}`, { headers: cajero })).json()) as VentaJson
    expect(stored.carrito[0].devueltos).toBe(1)
    expect(stored.devoluciones).toHaveLength(1)
    expect(stored.devoluciones![0]).toMatchObject({ monto: refund, metodo: 'Efectivo', motivo: 'Llegó dañada' })

    // The next cut takes the refund out of the Cajero's drawer.
    const refunded = (refundedBefore + Math.round(refund * 100)) / 100
    expect(await pendingEfectivoRefunds(request, cajero)).toBe(Math.round(refunded * 100))
    await page.goto('/corte')
    const drawer = page.getByRole('region', { name: 'Efectivo de Carmen Cajera' }).first()
    await expect(drawer).toContainText(`Devoluciones en efectivo− ${money(refunded)}`)
    await shot(page, 'devolucion-en-el-corte')
    expect(errors).toEqual([])
  })
})
