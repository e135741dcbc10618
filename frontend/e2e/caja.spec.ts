import { expect, test, type APIRequestContext } from '@playwright/test'
import { DEMO, apiToken, bearer, logIn, shot, startShop, watchPageErrors, type Shop } from './helpers'

// A cut with a float, a withdrawal and a count by denomination (issue #23): a Cajero opens her
// drawer with $500.00, sells in cash, takes $200.00 to the bank, counts the drawer bill by bill at
// 'Hacer corte' and finds it short; the cut and its print say Calculado / Contado / Diferencia.
// The shop is its own binary (a fresh store), so no other spec's sales or cuts are in it.

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)

type ProductoJson = { _id: string; variantes: { _id: string; stock?: number }[] }

/** A counter order of the demo customer, paid in cash at the counter by the demo Cajero. */
async function ventaEfectivo(request: APIRequestContext, shop: string): Promise<{ folio: string; total: number }> {
  const list = (await (await request.get(`${shop}/v1/productos?compact=0&limit=24&page=1`)).json()) as { products: ProductoJson[] }
  const p = list.products.find((x) => (x.variantes[0]?.stock ?? 0) >= 2)
  expect(p, 'a product in stock').toBeTruthy()
  const placed = await request.post(`${shop}/v1/ventas`, {
    headers: bearer(await apiToken(request, DEMO.cliente, shop)),
    data: { cliente: 'Mostrador', carrito: [{ id: p!.variantes[0]._id, producto_id: p!._id, cantidad: 1 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const venta = (await placed.json()) as { _id: string; folio: string; total: number }
  const paid = await request.patch(`${shop}/v1/ventas/${venta._id}`, {
    headers: bearer(await apiToken(request, DEMO.cajero, shop)),
    data: { pago: 'Pagado', metodoPago: 'Efectivo' },
  })
  expect(paid.ok(), await paid.text()).toBeTruthy()
  return venta
}

/** MXN pieces (label as the count shows it, value in centavos), largest first. */
const PIECES = [
  ['Billete de $1,000.00', 100000],
  ['Billete de $500.00', 50000],
  ['Billete de $200.00', 20000],
  ['Billete de $100.00', 10000],
  ['Billete de $50.00', 5000],
  ['Billete de $20.00', 2000],
  ['Moneda de $10.00', 1000],
  ['Moneda de $5.00', 500],
  ['Moneda de $2.00', 200],
  ['Moneda de $1.00', 100],
  ['Moneda de $0.50', 50],
] as const

/** The fewest pieces that make `cents` (a multiple of 50 centavos). */
function piecesOf(cents: number): [string, number][] {
  const out: [string, number][] = []
  for (const [label, value] of PIECES) {
    const n = Math.floor(cents / value)
    if (n > 0) out.push([label, n])
    cents -= n * value
  }
  return out
}

test.describe('a cut with a float, a withdrawal and a denomination count', () => {
  test.setTimeout(120_000)
  let started: Shop | undefined

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    started = await startShop({ name: 'caja', timeout: 90_000 })
  })

  test.afterAll(async () => {
    await started?.stop()
  })

  test('shows and prints Calculado / Contado / Diferencia', async ({ page, request }) => {
    const shop = started!.url
    const errors = watchPageErrors(page)
    await page.context().addInitScript(() => {
      window.print = () => {}
    })
    const venta = await ventaEfectivo(request, shop)

    await logIn(page, DEMO.cajero, shop)
    await page.goto(`${shop}/corte`)
    await expect(page.getByRole('heading', { name: 'Cortes de caja', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Hacer corte' })).toBeEnabled()

    // The float, then a withdrawal with its reason.
    await page.getByRole('button', { name: 'Fondo de caja' }).click()
    let dialog = page.getByRole('dialog', { name: 'Fondo de caja' })
    await dialog.getByLabel('Importe').fill('500')
    await dialog.getByRole('button', { name: 'Registrar' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Retiro de efectivo' }).click()
    dialog = page.getByRole('dialog', { name: 'Retiro de efectivo' })
    await dialog.getByLabel('Importe').fill('200')
    await dialog.getByRole('button', { name: 'Registrar' }).click()
    await expect(dialog.getByText('Escribe el motivo del movimiento.')).toBeVisible()
    await dialog.getByLabel('Motivo').fill('Depósito al banco')
    await dialog.getByRole('button', { name: 'Registrar' }).click()
    await expect(dialog).toBeHidden()

    // Calculado = float + cash sale - withdrawal.
    const expectedCents = 50000 + Math.round(venta.total * 100) - 20000
    const expected = expectedCents / 100
    const pending = page.getByRole('region', { name: 'Efectivo de Carmen Cajera' })
    await expect(pending).toContainText(`Fondo de caja${money(500)}`)
    await expect(pending).toContainText(`Ventas en efectivo+ ${money(venta.total)}`)
    await expect(pending).toContainText(`Retiros de efectivo− ${money(200)}`)
    await expect(pending).toContainText(`Calculado${money(expected)}`)
    await expect(page.getByTestId('movimiento-caja')).toHaveCount(2)
    await shot(page, 'caja-pendiente-desktop', { fullPage: true })

    // The drawer holds about ten pesos less than it should: counted piece by piece.
    const countedCents = Math.floor((expectedCents - 1000) / 50) * 50
    const counted = countedCents / 100
    const diff = (countedCents - expectedCents) / 100
    await page.getByRole('button', { name: 'Hacer corte' }).click()
    dialog = page.getByRole('dialog', { name: 'Hacer corte' })
    await expect(dialog).toContainText(`Efectivo esperado en caja: ${money(expected)}`)
    const count = dialog.getByRole('group', { name: 'Conteo de Carmen Cajera' })
    for (const [label, n] of piecesOf(countedCents)) {
      await count.getByLabel(label, { exact: true }).fill(String(n))
    }
    await expect(count.getByTestId('conteo-total')).toHaveText(money(counted))
    await expect(count).toContainText(`DiferenciaFaltante ${money(-diff)}`)
    await shot(page, 'caja-conteo')
    await dialog.getByRole('button', { name: 'Confirmar' }).click()

    const result = page.getByRole('status').filter({ hasText: 'realizado' })
    await expect(result).toBeVisible()
    await expect(result.getByTestId('efectivo-esperado')).toHaveText(money(expected))
    await expect(result.getByTestId('efectivo-contado')).toHaveText(money(counted))
    await expect(result.getByTestId('diferencia')).toHaveText(`Faltante ${money(-diff)}`)
    const mine = result.getByRole('region', { name: 'Efectivo de Carmen Cajera' })
    await expect(mine).toContainText(`Calculado${money(expected)}`)
    await expect(mine).toContainText(`Contado${money(counted)}`)
    await expect(mine).toContainText(`DiferenciaFaltante ${money(-diff)}`)
    // Nothing left to close: the button says why it is disabled.
    const hacer = page.getByRole('button', { name: 'Hacer corte' })
    await expect(hacer).toBeDisabled()
    await expect(page.getByText('No hay ventas ni movimientos de caja pendientes de corte.')).toBeVisible()
    await shot(page, 'caja-corte-hecho-desktop', { fullPage: true })

    // The printed cut says all of it.
    const tab = page.context().waitForEvent('page')
    await result.getByRole('button', { name: 'Imprimir corte' }).click()
    const print = await tab
    const drawer = print.getByRole('region', { name: 'Efectivo de Carmen Cajera' })
    for (const line of [
      `Fondo de caja${money(500)}`,
      `Ventas en efectivo+ ${money(venta.total)}`,
      `Retiros de efectivo− ${money(200)}`,
      `Calculado${money(expected)}`,
      `Contado${money(counted)}`,
      `DiferenciaFaltante ${money(-diff)}`,
      'Conteo por denominación',
    ]) {
      await expect(drawer).toContainText(line)
    }
    for (const [label, n] of piecesOf(countedCents)) {
      await expect(drawer).toContainText(`${label} × ${n}`)
    }
    const total = print.getByRole('region', { name: 'Efectivo total' })
    await expect(total.getByTestId('efectivo-esperado')).toHaveText(money(expected))
    await expect(total.getByTestId('efectivo-contado')).toHaveText(money(counted))
    await expect(total.getByTestId('diferencia')).toHaveText(`Faltante ${money(-diff)}`)
    await expect(print.getByTestId('movimiento-caja')).toHaveCount(2)
    await expect(print.getByText(venta.folio)).toBeVisible()
    await shot(print, 'caja-corte-impreso', { fullPage: true })
    expect(errors).toEqual([])
  })
})
