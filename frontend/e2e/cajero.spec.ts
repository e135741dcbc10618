import { expect, test } from '@playwright/test'
import { DEMO, MOBILE, apiToken, bearer, logIn, shot, startShop, watchPageErrors, type Shop } from './helpers'

// A Cajero at a busy shop (issue 15): among 2,000 open orders, finds one by its folio through the
// search of 'Lista de ordenes' and prints its ticket. The shop is its own binary, started here with
// DEMO_VENTAS=2000 (2,000 open demo orders and 1,000 closed sales) on a fresh store.

const ORDENES = 2000
const money = (n: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n)

type VentaJson = { _id: string; folio: string; total: number; cliente: string }

test.describe('a Cajero among 2,000 open orders', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  test.setTimeout(120_000)

  let shop = ''
  let started: Shop | undefined

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    started = await startShop({ name: 'cajero', env: { DEMO_VENTAS: String(ORDENES) }, timeout: 120_000 })
    shop = started.url
  })

  test.afterAll(async () => {
    await started?.stop()
  })

  test('finds an order by its folio through the search and prints its ticket', async ({ page, request }) => {
    const errors = watchPageErrors(page)
    // window.print is counted, not opened (there is no dialog to close headless).
    await page.context().addInitScript(() => {
      const w = window as unknown as { __prints: number }
      w.__prints = 0
      window.print = () => {
        w.__prints += 1
      }
    })

    // An order from the middle of the list, far from the first page, as the API gives it.
    const auth = bearer(await apiToken(request, DEMO.cajero, shop))
    const middle = await request.get(`${shop}/v1/ventas/ordenes?orden=-fecha&page=40&limit=25`, { headers: auth })
    expect(middle.ok(), await middle.text()).toBeTruthy()
    const { ventas, meta } = (await middle.json()) as { ventas: VentaJson[]; meta: { total: number } }
    expect(meta.total).toBeGreaterThanOrEqual(ORDENES)
    const target = ventas[12]

    await logIn(page, DEMO.cajero, shop)
    await page.goto(`${shop}/ventas/ordenes`)
    await expect(page.getByRole('heading', { name: 'Lista de ordenes', level: 1 })).toBeVisible()
    const range = page.getByTestId('pager-range')
    await expect(range).toHaveText(`Mostrando 1–25 de ${meta.total.toLocaleString('es-MX')}`)
    await expect(page.locator(`[data-testid="orden"][data-folio="${target.folio}"]`)).toHaveCount(0)
    await shot(page, 'cajero-ordenes-2000-mobile')

    // The folio typed in the search box: one order, found by the server.
    const searched = page.waitForResponse(
      (r) => r.url().includes('/v1/ventas/ordenes?') && new URL(r.url()).searchParams.get('q') === target.folio,
    )
    const typed = Date.now()
    await page.getByLabel('Buscar órdenes').fill(target.folio)
    const answer = await searched
    expect(answer.ok()).toBeTruthy()
    const row = page.locator(`[data-testid="orden"][data-folio="${target.folio}"]`)
    await expect(row).toBeVisible()
    await expect(page.getByTestId('orden')).toHaveCount(1)
    await expect(range).toHaveText('Mostrando 1–1 de 1')
    // From the last key to the order on screen (300 ms of it is the search box waiting for typing to stop).
    test.info().annotations.push({ type: 'búsqueda por folio', description: `${Date.now() - typed} ms` })
    await expect(row).toContainText(money(target.total))
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(target.folio)}$`))
    await shot(page, 'cajero-orden-encontrada-mobile')

    // A reload keeps the search.
    await page.reload()
    await expect(page.getByLabel('Buscar órdenes')).toHaveValue(target.folio)
    await expect(page.getByTestId('orden')).toHaveCount(1)

    // 'Imprimir ticket' opens the ticket in a new tab: the folio and the total.
    const opened = page.context().waitForEvent('page')
    await row.getByRole('link', { name: `Imprimir ticket de la orden ${target.folio} (se abre en otra pestaña)` }).click()
    const ticket = await opened
    await expect(ticket).toHaveURL(`${shop}/ventas/ticket/${target._id}`)
    await expect(ticket.getByText(target.folio).first()).toBeVisible()
    await expect(ticket.getByText(money(target.total)).first()).toBeVisible()
    await expect.poll(() => ticket.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBeGreaterThanOrEqual(1)
    await shot(ticket, 'cajero-ticket-mobile', { fullPage: true })
    expect(errors).toEqual([])
  })
})
