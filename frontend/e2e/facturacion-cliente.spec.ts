import fs from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer, logIn, paidVenta, shot, watchPageErrors } from './helpers'

// A customer invoices a paid purchase from the phone (issue 17): adds 'Datos fiscales' in 'Mi
// perfil', then 'Facturar' and 'Emitir factura' in 'Historial de compras', and downloads the PDF.
// CFDIs are stamped by the fake Facturapi (scripts/fakepac) Playwright starts beside the shop.


const PHONE = { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

// A persona física (SAT check digit computed with pkg/cfdi), régimen 612 and a uso it allows.
const FISCAL = {
  rfc: 'GOMA850312L86',
  razonSocial: 'MARIA GOMEZ ALVAREZ',
  regimen: '612',
  codigoPostal: '06600',
  uso: 'G03',
  email: 'facturas.maria@example.mx',
}

/** The customer starts with no fiscal data (a retry finds the first try's). */
async function forgetFiscalData(request: APIRequestContext) {
  const headers = bearer(await apiToken(request, DEMO.cliente))
  const { perfiles } = (await (await request.get('/v1/facturas/perfiles', { headers })).json()) as { perfiles: { _id: string }[] }
  for (const p of perfiles) expect((await request.delete(`/v1/facturas/perfiles/${p._id}`, { headers })).status()).toBe(204)
}

test.describe('a customer invoices a purchase on the phone', () => {
  test.use(PHONE)
  test.setTimeout(60_000)

  test('adds Datos fiscales, then Facturar and Emitir factura: the UUID and the PDF', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const venta = await paidVenta(request, { cliente: 'María Gómez', metodoPago: 'Efectivo', productsPage: 2 })
    await forgetFiscalData(request)

    await logIn(page, DEMO.cliente)
    await page.goto('/usuarios/perfil')
    const fiscal = page.getByRole('region', { name: 'Datos fiscales' })
    await expect(fiscal).toContainText('Aún no tienes datos fiscales.')
    await fiscal.getByRole('button', { name: 'Agregar datos fiscales' }).click()
    const form = page.getByRole('dialog', { name: 'Agregar datos fiscales' })
    await form.getByLabel('RFC').fill(FISCAL.rfc)
    await expect(form.getByText('Tal como aparece en tu Constancia de Situación Fiscal')).toBeVisible()
    await form.getByLabel('Razón social').fill(FISCAL.razonSocial)
    await form.getByLabel('Régimen fiscal').selectOption(FISCAL.regimen)
    await form.getByLabel('Uso del CFDI').selectOption(FISCAL.uso)
    await form.getByLabel('Correo para facturas').fill(FISCAL.email)
    // '00000' has 5 digits but is no Mexican postal code.
    await form.getByLabel('Código postal fiscal').fill('00000')
    await form.getByRole('button', { name: 'Guardar' }).click()
    await expect(form.getByText('Ese código postal no existe: los de México van del 01000 al 99999.')).toBeVisible()
    await form.getByLabel('Código postal fiscal').fill(FISCAL.codigoPostal)
    await form.getByLabel('Usar como predeterminado').check()
    await shot(page, 'facturacion-datos-fiscales-mobile')
    await form.getByRole('button', { name: 'Guardar' }).click()
    await expect(form).toBeHidden()
    const card = fiscal.getByRole('list', { name: 'Datos fiscales' }).getByRole('listitem').filter({ hasText: FISCAL.rfc })
    await expect(card).toContainText(FISCAL.razonSocial)
    await expect(card).toContainText('Predeterminado')

    // Two taps: 'Facturar', then 'Emitir factura' with the default data already chosen.
    await page.goto('/usuarios/compras')
    const facturar = page.getByRole('button', { name: `Facturar compra ${venta.folio}` })
    await facturar.click()
    const dialog = page.getByRole('dialog', { name: `Facturar compra ${venta.folio}` })
    await expect(dialog.getByRole('radio', { name: new RegExp(FISCAL.rfc) })).toBeChecked()
    await dialog.getByRole('button', { name: 'Emitir factura' }).click()
    const result = dialog.getByRole('status')
    await expect(result).toContainText('Factura emitida', { timeout: 15_000 })
    await expect(result).toContainText(/UUID: [0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}/)
    // The shop runs without SMTP_URL: nothing was mailed, and the result says so and offers the files.
    await expect(result).toContainText('No te la enviamos por correo: descarga el PDF y el XML aquí y guárdalos.')
    await expect(result).not.toContainText('Te la enviamos')
    await expect(result.getByRole('link', { name: 'Descargar XML' })).toBeVisible()
    await shot(page, 'facturacion-emitida-mobile')

    // The PDF the link downloads is a PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('link', { name: 'Descargar PDF' }).click()])
    const pdf = fs.readFileSync((await download.path())!)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const href = await result.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')
    const file = await request.get(href!)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toContain('application/pdf')

    // Closed, the purchase reads 'Facturada' and offers no second 'Facturar'.
    await dialog.getByRole('button', { name: 'Listo' }).click()
    await expect(facturar).toHaveCount(0)
    const compra = page.locator('article').filter({ has: page.getByRole('heading', { name: `Folio ${venta.folio}` }) })
    await expect(compra).toContainText('Facturada')
    expect(errors).toEqual([])
  })

  test('the public page /facturar says so when no purchase has that folio and total', async ({ page }) => {
    const errors = watchPageErrors(page)
    await page.goto('/facturar')
    await expect(page.getByRole('heading', { name: 'Facturar mi compra', level: 1 })).toBeVisible()
    await page.getByLabel('Folio').fill('NO-EXISTE-0000')
    await page.getByLabel('Total del ticket').fill('123.45')
    await page.getByRole('button', { name: 'Buscar compra' }).click()
    await expect(page.getByRole('alert')).toHaveText('No encontramos una compra con ese folio y total.')
    await shot(page, 'facturar-publica-no-encontrada-mobile')
    // The 404 the page answers with is its message, not an error of the page.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([])
  })
})
