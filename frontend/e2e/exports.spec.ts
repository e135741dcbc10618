import fs from 'node:fs'
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test'
import { DEMO, DESKTOP, apiToken, bearer, logIn, shot, watchPageErrors } from './helpers'
import { sheetRows, zipEntry } from './xlsx'

// An Administrador exports a month of sales from 'Reporte de ventas' (issue 15), as CSV and as
// Excel, and the test opens each downloaded file and reads its rows; then prints a sale's ticket
// on 58 and 80 mm paper. Against the real binary on a fresh store; the sales are placed through
// the API as the demo customer.

type VentaJson = { _id: string; folio: string; total: number; cliente: string; fecha: string }

const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)

/** Places a counter order of two products, 'Quien Ordena' being cliente. */
async function placeOrden(request: APIRequestContext, t: string, cliente: string, page: number): Promise<VentaJson> {
  const list = await (await request.get(`/v1/productos?limit=2&page=${page}`)).json()
  const carrito = list.products.map((p: { _id: string; variantes: { _id: string }[] }) => ({ id: p.variantes[0]._id, producto_id: p._id, cantidad: 1 }))
  const r = await request.post('/v1/ventas', { headers: bearer(t), data: { cliente, carrito } })
  expect(r.status(), await r.text()).toBe(201)
  return r.json()
}

/** This month in Mexico City: its first and last days (AAAA-MM-DD). */
function thisMonth(): { first: string; last: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date())
  const [y, m] = today.split('-').map(Number)
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const mm = String(m).padStart(2, '0')
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${days}` }
}

/** Clicks an export button and answers the file the browser saved. */
async function exportFile(page: Page, button: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  const file = await download.path()
  return { download, bytes: fs.readFileSync(file) }
}

/** A CSV's rows (the export quotes only what needs it; no field here holds a line break). */
function csvRows(text: string): string[][] {
  const split = (line: string) =>
    [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'))
  return text.trimEnd().split('\r\n').map(split)
}

test.describe('exports and tickets', () => {
  test.use({ viewport: DESKTOP })
  test.setTimeout(60_000)

  test('an Administrador exports a month of sales as CSV and Excel and opens both files', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    const clienteToken = await apiToken(request, DEMO.cliente)
    const placed = [
      await placeOrden(request, clienteToken, 'Ana Exportación', 1),
      await placeOrden(request, clienteToken, '=HOY()', 2),
      await placeOrden(request, clienteToken, 'Pérez, Juan', 3),
    ]
    const { first, last } = thisMonth()
    const admin = await apiToken(request, DEMO.admin)
    // Every sale of the month, whoever placed it (other journeys share the store).
    const month: VentaJson[] = await (await request.get(`/v1/ventas/?startDate=${first}&endDate=${last}`, { headers: bearer(admin) })).json()
    const folios = new Set(month.map((v) => v.folio))
    for (const v of placed) expect(folios.has(v.folio)).toBe(true)

    await logIn(page, DEMO.admin)
    await page.goto('/ventas')
    await page.getByLabel('Fecha de inicio').fill(first)
    await page.getByLabel('Fecha de fin').fill(last)
    await page.getByRole('button', { name: 'Filtrar ventas' }).click()

    const csv = await exportFile(page, 'Exportar ventas a CSV')
    expect(csv.download.suggestedFilename()).toBe(`ventas-${first}-a-${last}.csv`)
    await expect(page.getByText(`Listo: se guardó ventas-${first}-a-${last}.csv (${month.length} ${month.length === 1 ? 'fila' : 'filas'}).`)).toBeVisible()
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])) // UTF-8 BOM: Excel reads the accents
    const rows = csvRows(csv.bytes.toString('utf8').slice(1))
    expect(rows[0].slice(0, 3)).toEqual(['Folio', 'Fecha', 'Quien Ordena'])
    expect(rows).toHaveLength(month.length + 1)
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(folios)
    const byFolio = new Map(rows.slice(1).map((r) => [r[0], r]))
    const total = rows[0].indexOf('Total')
    for (const v of placed) expect(byFolio.get(v.folio)?.[total]).toBe(v.total.toFixed(2))
    expect(byFolio.get(placed[1].folio)?.[2]).toBe("'=HOY()") // kept as text, never a formula
    expect(byFolio.get(placed[2].folio)?.[2]).toBe('Pérez, Juan')
    expect(byFolio.get(placed[0].folio)?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)

    const xlsx = await exportFile(page, 'Exportar ventas a Excel')
    expect(xlsx.download.suggestedFilename()).toBe(`ventas-${first}-a-${last}.xlsx`)
    const sheet = sheetRows(zipEntry(xlsx.bytes, 'xl/worksheets/sheet1.xml').toString('utf8'))
    expect(sheet).toHaveLength(month.length + 1)
    expect(sheet[0].slice(0, 3).map((c) => c.value)).toEqual(['Folio', 'Fecha', 'Quien Ordena'])
    const xrow = sheet.find((r) => r[0].value === placed[1].folio)!
    expect(xrow[2]).toMatchObject({ type: 'inlineStr', value: '=HOY()' }) // text, not a formula
    expect(Number(xrow[1].value)).toBeGreaterThan(46000) // a date: a serial number with a date style
    expect(xrow[1].type).toBe('')
    expect(Number(xrow[total].value)).toBeCloseTo(placed[1].total, 2) // a number, not text
    await expect(page.getByText(`Listo: se guardó ventas-${first}-a-${last}.xlsx`)).toBeVisible()
    await shot(page, 'ventas-exportar-desktop')
    expect(errors).toEqual([])
  })

  test('a sale’s ticket prints on 58 and 80 mm paper', async ({ page, request }) => {
    const venta = await placeOrden(request, await apiToken(request, DEMO.cliente), 'Mostrador', 4)
    await page.context().addInitScript(() => {
      const w = window as unknown as { __prints: number }
      w.__prints = 0
      window.print = () => {
        w.__prints += 1
      }
    })
    await logIn(page, DEMO.cajero)
    await page.goto(`/ventas/ticket/${venta._id}`)
    const ticket = page.getByTestId('ticket')
    await expect(ticket).toContainText(venta.folio)
    await expect(ticket).toContainText('Mostrador')
    await expect(ticket).toContainText(`TOTAL${money(venta.total)}`)
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1)

    const mmWide = async () => ((await ticket.boundingBox())?.width ?? 0) * (25.4 / 96)
    for (const [paper, width, pageWidthPt] of [['58 mm', 48, 164.4], ['80 mm', 72, 226.8]] as const) {
      await page.getByRole('radio', { name: paper }).check()
      expect(await mmWide()).toBeCloseTo(width, 0)
      await shot(page, `ticket-${paper.replace(' ', '')}`, { fullPage: true })
      // The print page is the roll's width and the ticket's length: one page, no margin.
      const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1')
      const box = /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf)
      expect(Number(box?.[1])).toBeCloseTo(pageWidthPt, 0)
      expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1)
    }
    await page.reload()
    await expect(page.getByRole('radio', { name: '80 mm' })).toBeChecked() // remembered
  })
})
