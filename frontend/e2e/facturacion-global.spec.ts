import { expect, test } from '@playwright/test'
import { DEMO, DESKTOP, apiToken, bearer, logIn, paidVenta, shot, watchPageErrors } from './helpers'

// A Cajero stamps the day's factura global (issue 17): from 'Cortes de caja', 'Factura global',
// 'Día' today, 'Vista previa' of the paid sales nobody invoiced, 'Emitir factura global'; then
// finds it in 'Facturas' by its UUID, and a second try finds nothing left to invoice. CFDIs are
// stamped by the fake Facturapi (scripts/fakepac) Playwright starts beside the shop. The shop is
// shared with the other specs: the day may hold their sales too.

type Preview = { ventas: { _id: string; folio: string; total: number }[]; subtotal: number; iva: number; total: number }

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date())

test.describe('factura global', () => {
  test.use({ viewport: DESKTOP })
  test.setTimeout(60_000)

  test('a Cajero previews and stamps the day’s factura global, finds it in Facturas, and nothing is left', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const cajero = await apiToken(request, DEMO.cajero)
    // A counter order paid by card at the counter: nobody asked for its invoice.
    const venta = await paidVenta(request, { cliente: 'Mostrador', metodoPago: 'Tarjeta', productsPage: 3 })
    // What the preview must add up to: the day's paid sales with no CFDI, as the API counts them.
    const asked = await request.get(`/v1/facturas/global/vista-previa?periodicidad=dia&fecha=${today()}`, { headers: bearer(cajero) })
    expect(asked.ok(), await asked.text()).toBeTruthy()
    const expected = (await asked.json()) as Preview
    expect(expected.ventas.map((v) => v.folio)).toContain(venta.folio)

    await logIn(page, DEMO.cajero)
    await page.goto('/corte')
    await expect(page.getByRole('heading', { name: 'Cortes de caja', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Factura global' }).click()
    const dialog = page.getByRole('dialog', { name: 'Factura global' })
    await dialog.getByRole('radio', { name: 'Día' }).check()
    await expect(dialog.getByLabel('Fecha')).toHaveValue(today())
    await dialog.getByRole('button', { name: 'Vista previa' }).click()
    const table = dialog.getByRole('table', { name: 'Ventas de la factura global' })
    const row = table.getByRole('row').filter({ hasText: venta.folio })
    await expect(row).toContainText(money(venta.total))
    await expect(row).toContainText('Tarjeta')
    await expect(table.getByRole('row')).toHaveCount(expected.ventas.length + 1)
    const n = expected.ventas.length
    await expect(dialog.getByRole('status')).toContainText(n === 1 ? '1 venta sin facturar' : `${n.toLocaleString('es-MX')} ventas sin facturar`)
    for (const [label, amount] of [['Subtotal', expected.subtotal], ['IVA', expected.iva], ['Total', expected.total]] as const) {
      await expect(dialog.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')).toHaveText(money(amount))
    }
    await shot(page, 'factura-global-vista-previa-desktop')

    await dialog.getByRole('button', { name: 'Emitir factura global' }).click()
    const done = dialog.getByRole('status')
    await expect(done).toContainText('Factura global emitida.', { timeout: 15_000 })
    const uuid = ((await done.locator('.font-mono').textContent()) ?? '').trim()
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/)
    await shot(page, 'factura-global-emitida-desktop')
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click()
    await expect(dialog).toBeHidden()

    // 'Facturas' finds it by its UUID: PUBLICO EN GENERAL, the day's total.
    await page.goto('/facturas')
    await expect(page.getByRole('heading', { name: 'Facturas', level: 1 })).toBeVisible()
    await page.getByLabel('Buscar facturas').fill(uuid)
    const factura = page.getByTestId('factura')
    await expect(factura).toHaveCount(1)
    await expect(factura).toContainText(uuid)
    await expect(factura).toContainText('XAXX010101000')
    await expect(factura).toContainText(money(expected.total))
    await shot(page, 'facturas-global-desktop')

    // Again: the day has nothing left to invoice, and the server refuses the same sales twice.
    await page.getByRole('button', { name: 'Factura global' }).click()
    const again = page.getByRole('dialog', { name: 'Factura global' })
    await again.getByRole('button', { name: 'Vista previa' }).click()
    await expect(again.getByRole('status')).toHaveText('No hay ventas pagadas sin facturar en este periodo.')
    await expect(again.getByRole('button', { name: 'Emitir factura global' })).toBeDisabled()
    const twice = await request.post('/v1/facturas/global', {
      headers: bearer(cajero),
      data: { periodicidad: 'dia', fecha: today(), ventas: [venta._id] },
    })
    expect(twice.status()).toBe(409)
    expect((await twice.json()).error.message).toBe('Las ventas de este periodo ya están facturadas.')
    expect(errors).toEqual([])
  })
})
