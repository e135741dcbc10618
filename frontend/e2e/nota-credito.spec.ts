import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { DEMO, DESKTOP, apiToken, bearer, logIn, paidVenta, shot, watchPageErrors } from './helpers'

// The return of an invoiced sale produces its nota de crédito (issue 23): the customer invoices a
// paid purchase, a Cajero records the return of it (through the API, as the sales screen would),
// and staff find the nota in 'Facturas' as a 'Nota de crédito' related to the sale's CFDI, with its
// PDF and XML. CFDIs are stamped by the fake Facturapi Playwright starts beside the shop.

// A persona física (SAT check digit computed with pkg/cfdi), régimen 612.
const FISCAL = { rfc: 'GOMA850312L86', razonSocial: 'MARIA GOMEZ ALVAREZ', regimenFiscal: '612', codigoPostal: '06600', usoCfdi: 'G03', email: 'facturas.maria@example.mx' }

type Devolucion = { _id: string; monto: number; notaCredito?: { facturaId: string; uuid?: string; estado: string } }

test.describe('a return of an invoiced sale', () => {
  test.use({ viewport: DESKTOP })
  test.setTimeout(60_000)

  test('issues its nota de crédito, which staff find in Facturas with its PDF and XML', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const cliente = bearer(await apiToken(request, DEMO.cliente))
    const cajero = bearer(await apiToken(request, DEMO.cajero))
    const ventaPagada = await paidVenta(request, { cliente: 'María Gómez', metodoPago: 'Efectivo', productsPage: 3 })

    // The customer invoices it with their fiscal data.
    const perfil = await request.post('/v1/facturas/perfiles', { headers: cliente, data: FISCAL })
    expect(perfil.status(), await perfil.text()).toBe(201)
    const invoiced = await request.post(`/v1/facturas/ventas/${ventaPagada._id}`, { headers: cliente, data: { perfilId: (await perfil.json())._id } })
    expect(invoiced.status(), await invoiced.text()).toBe(201)
    const original = (await invoiced.json()) as { uuid: string }

    // The Cajero returns it, refunded by transfer: the answer carries the stamped nota.
    const venta = (await (await request.get(`/v1/ventas/${ventaPagada._id}`, { headers: cajero })).json()) as { carrito: { _id: string; cantidad: number }[] }
    const returned = await request.post(`/v1/ventas/${ventaPagada._id}/devoluciones`, {
      headers: cajero,
      data: { lineas: [{ idOrden: venta.carrito[0]._id, indice: 0, cantidad: 1 }], metodo: 'Transferencia', motivo: 'No era el modelo' },
    })
    expect(returned.status(), await returned.text()).toBe(201)
    const devolucion = ((await returned.json()) as { devoluciones: Devolucion[] }).devoluciones[0]
    expect(devolucion.notaCredito?.estado).toBe('valida')
    const uuid = devolucion.notaCredito!.uuid!
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/)

    // Staff see it in 'Facturas' as a nota de crédito of the sale, for the refunded amount.
    await logIn(page, DEMO.cajero)
    await page.goto('/facturas')
    await expect(page.getByRole('heading', { name: 'Facturas', level: 1 })).toBeVisible()
    await page.getByLabel('Tipo').selectOption('Nota de crédito')
    await page.getByLabel('Buscar facturas').fill(uuid)
    const nota = page.getByTestId('factura')
    await expect(nota).toHaveCount(1)
    await expect(nota).toContainText('Nota de crédito')
    await expect(nota).toContainText(ventaPagada.folio)
    await expect(nota).toContainText(FISCAL.rfc)
    await expect(nota).toContainText(`Devolución de ${original.uuid.slice(0, 8)}`)
    await expect(nota).toContainText('$' + devolucion.monto.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
    await expect(nota.getByText('Válida')).toBeVisible()
    await shot(page, 'facturas-nota-credito-desktop')

    // Its XML is a CFDI de egreso related with 01 to the sale's CFDI; its PDF is a PDF.
    const [xmlDownload] = await Promise.all([page.waitForEvent('download'), nota.getByRole('button', { name: /^XML/ }).click()])
    const xml = fs.readFileSync((await xmlDownload.path())!, 'utf8')
    expect(xml).toContain('TipoDeComprobante="E"')
    expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${original.uuid}"`)
    expect(xml).toContain('UsoCFDI="G02"')
    expect(xml).toContain('FormaPago="03"')
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), nota.getByRole('button', { name: /^PDF/ }).click()])
    expect(fs.readFileSync((await pdfDownload.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(errors).toEqual([])
  })
})
