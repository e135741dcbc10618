import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryOf, venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import type { Venta } from '@/features/sales/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// 'Lista de ordenes' at scale (issue 15): server-side pages, search, filters and sort kept in the
// address, and the orders that arrive while it is open shown in a visible banner.

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`
/** The newest open orders the screen reads to count arrivals (50, newest first, no filter). */
const isNewest = (r: Request) => path(r) === 'GET /v1/ventas/ordenes' && queryOf(r).limit === '50'
const isShown = (r: Request) => path(r) === 'GET /v1/ventas/ordenes' && !isNewest(r)

/** Order n: folio F-000n, placed n minutes after 10:00 UTC on 2026-03-05. */
function orden(n: number, overrides: Partial<Venta> = {}): Venta {
  const fecha = new Date(Date.UTC(2026, 2, 5, 10, n)).toISOString()
  const carrito = [venta().carrito[1]]
  return venta({ _id: `v${n}`, folio: `F-${String(n).padStart(4, '0')}`, fecha, cliente: `Cliente ${n}`, carrito, ...overrides })
}

type Answer = (query: Record<string, string>) => ReturnType<typeof ventasPage>

function server(list: Answer, { version = () => 1, newest = () => [] }: { version?: () => number; newest?: () => Venta[] } = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/ordenes/version': () => json({ version: version() }),
    'GET /v1/ventas/ordenes': (r) => json(isNewest(r) ? ventasPage(newest(), { limit: 50 }) : list(queryOf(r))),
  })
}

/** 60 open orders, 25 a page (or as asked), newest first. */
const sixty: Answer = (q) => {
  const page = Number(q.page ?? 1)
  const limit = Number(q.limit ?? 25)
  const all = Array.from({ length: 60 }, (_, i) => orden(60 - i))
  const items = all.slice((page - 1) * limit, page * limit)
  return ventasPage(items, { page, limit, total: 60, hasMore: page * limit < 60 })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Lista de ordenes: paging, search and filters', () => {
  it('asks for the first page, newest first, and turns pages with the pager', async () => {
    screenWidth(1280)
    const { calls } = server(sixty)
    storeSession({ rol: 'Cajero' })
    const { user, router } = renderApp('/ventas/ordenes')
    await screen.findByText('Folio F-0060')
    expect(queryOf(calls.find(isShown)!)).toEqual({ orden: '-fecha', page: '1', limit: '25' })
    const pager = screen.getByRole('navigation', { name: 'Páginas de órdenes' })
    expect(within(pager).getByTestId('pager-range')).toHaveTextContent('Mostrando 1–25 de 60')
    expect(within(pager).getByText('Página 1 de 3')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Página anterior' })).toBeDisabled()
    expect(screen.getByText(/· 60 órdenes/)).toBeInTheDocument()

    await user.click(within(pager).getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('Folio F-0035')).toBeInTheDocument()
    expect(within(pager).getByTestId('pager-range')).toHaveTextContent('Mostrando 26–50 de 60')
    expect(router.state.location.search).toBe('?page=2')
    await user.click(within(pager).getByRole('button', { name: 'Página siguiente' }))
    expect(await within(pager).findByTestId('pager-range')).toHaveTextContent('Mostrando 51–60 de 60')
    expect(within(pager).getByRole('button', { name: 'Página siguiente' })).toBeDisabled()

    // Another page size goes back to the first page.
    await user.selectOptions(within(pager).getByLabelText('Por página'), '10')
    await waitFor(() => expect(within(pager).getByTestId('pager-range')).toHaveTextContent('Mostrando 1–10 de 60'))
    expect(router.state.location.search).toBe('?limit=10')
    expect(screen.getAllByTestId('orden')).toHaveLength(10)
  })

  it('searches once typing stops, keeps it in the address and back on page 1', async () => {
    screenWidth(1280)
    const { calls } = server((q) =>
      q.q === 'F-0042' ? ventasPage([orden(42)]) : sixty(q),
    )
    storeSession({ rol: 'Cajero' })
    const { router } = renderApp('/ventas/ordenes?page=2')
    await screen.findByText('Folio F-0035')
    const before = calls.filter(isShown).length
    // The keys in one burst, as a quick typist's: on a busy machine user-event's own pause between
    // keys can outlast the wait, and the search would rightly go out for part of the word.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Buscar órdenes'), 'F-0042')
    await waitFor(() => expect(screen.getAllByTestId('orden')).toHaveLength(1))
    expect(screen.getByText('Folio F-0042')).toBeInTheDocument()
    // One call for the whole word, not one per key.
    const searches = calls.filter(isShown).slice(before)
    expect(searches.map(queryOf)).toEqual([{ q: 'F-0042', orden: '-fecha', page: '1', limit: '25' }])
    expect(router.state.location.search).toBe('?q=F-0042')
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 1')
  })

  it('filters by payment, delivery, method and days, sorts, and clears the filters', async () => {
    screenWidth(1280)
    const { calls } = server((q) => (q.pago === 'Pagado' ? ventasPage([orden(7, { pago: 'Pagado' })]) : sixty(q)))
    storeSession({ rol: 'Administrador' })
    const { user, router } = renderApp('/ventas/ordenes')
    await screen.findByText('Folio F-0060')
    await user.selectOptions(screen.getByLabelText('Pago'), 'Pagado')
    await screen.findByText('Folio F-0007')
    await user.selectOptions(screen.getByLabelText('Entrega'), 'Enviado')
    await user.selectOptions(screen.getByLabelText('Método de pago'), 'Tarjeta')
    await user.selectOptions(screen.getByLabelText('Ordenar por'), '-total')
    await user.selectOptions(screen.getByLabelText('Envío'), 'con')
    // The entrega filter offers every state: a delivery state, like a search, looks through every sale.
    expect(within(screen.getByLabelText('Entrega')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas',
      'Pendiente',
      'Enviado',
      'Entregado',
      'Cancelado',
      'Devuelto',
    ])
    await user.type(screen.getByLabelText('Desde'), '2026-03-01')
    await user.type(screen.getByLabelText('Hasta'), '2026-03-05')
    await waitFor(() =>
      expect(queryOf(calls.filter(isShown).at(-1)!)).toEqual({
        pago: 'Pagado',
        entrega: 'Enviado',
        metodo: 'Tarjeta',
        envio: 'con',
        desde: '2026-03-01',
        hasta: '2026-03-05',
        orden: '-total',
        page: '1',
        limit: '25',
      }),
    )
    expect(new URLSearchParams(router.state.location.search).get('metodo')).toBe('Tarjeta')

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }))
    await screen.findByText('Folio F-0060')
    expect(queryOf(calls.filter(isShown).at(-1)!)).toEqual({ orden: '-total', page: '1', limit: '25' })
    expect(screen.getByLabelText('Pago')).toHaveValue('')
    expect(screen.getByLabelText('Desde')).toHaveValue('')
  })

  it('opens with the search, filters and page of the address (a reload keeps them)', async () => {
    screenWidth(1280)
    const { calls } = server((q) => ventasPage([orden(3)], { page: Number(q.page), total: 30, hasMore: false }))
    storeSession({ rol: 'Cajero' })
    renderApp('/ventas/ordenes?q=juan&pago=Pendiente&orden=fecha&page=2')
    await screen.findByText('Folio F-0003')
    expect(queryOf(calls.find(isShown)!)).toEqual({ q: 'juan', pago: 'Pendiente', orden: 'fecha', page: '2', limit: '25' })
    expect(screen.getByLabelText('Buscar órdenes')).toHaveValue('juan')
    expect(screen.getByLabelText('Pago')).toHaveValue('Pendiente')
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('fecha')
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 26–26 de 30')
  })

  it('says when nothing matches, and refuses a start after the end', async () => {
    screenWidth(1280)
    const { calls } = server((q) => (q.q ? ventasPage([]) : sixty(q)))
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/ventas/ordenes')
    await screen.findByText('Folio F-0060')
    await user.type(screen.getByLabelText('Buscar órdenes'), 'nadie')
    expect(await screen.findByText('Ninguna orden coincide con la búsqueda')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Páginas de órdenes' })).toBeNull()

    const before = calls.length
    await user.type(screen.getByLabelText('Hasta'), '2026-03-01')
    await user.type(screen.getByLabelText('Desde'), '2026-03-09')
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha de fin debe ser igual o posterior a la fecha de inicio.')
    expect(calls.filter(isShown).slice(before).some((c) => queryOf(c).desde === '2026-03-09')).toBe(false)
  })

  it('offers each order’s ticket in a new tab', async () => {
    screenWidth(390)
    server(() => ventasPage([orden(5)]))
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/ventas/ordenes')
    const link = await screen.findByRole('link', { name: /Imprimir ticket de la orden F-0005/ })
    expect(link).toHaveAttribute('href', '/ventas/ticket/v5')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveTextContent('Imprimir ticket')
    // On a phone the filters fold behind a button that counts them.
    expect(screen.queryByLabelText('Pago')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    await user.selectOptions(screen.getByLabelText('Pago'), 'Pagado')
    expect(await screen.findByRole('button', { name: 'Filtros (1)' })).toHaveAttribute('aria-expanded', 'true')
  })
})

describe('Lista de ordenes: new orders', () => {
  it('shows a visible banner when orders arrive and brings them up in one tap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    screenWidth(1280)
    let version = 1
    let newest = [orden(60), orden(59)]
    const { calls } = server((q) => (q.pago === 'Pagado' ? ventasPage([orden(3, { pago: 'Pagado' })]) : sixty(q)), {
      version: () => version,
      newest: () => newest,
    })
    storeSession({ rol: 'Cajero' })
    const { user, router } = renderApp('/ventas/ordenes?pago=Pagado&page=1')
    await screen.findByText('Folio F-0003')
    expect(screen.queryByTestId('ordenes-nuevas')).toBeNull()

    // Two orders arrive while the Cajero looks at paid orders.
    newest = [orden(62), orden(61), orden(60), orden(59)]
    version = 2
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    const banner = await screen.findByTestId('ordenes-nuevas')
    expect(banner).toHaveTextContent('Hay 2 órdenes nuevas')
    expect(screen.getByText('Llegaron 2 órdenes nuevas')).toHaveClass('sr-only')
    expect(calls.filter(isNewest).length).toBe(2)

    const shownBefore = calls.filter(isShown).length
    await user.click(within(banner).getByRole('button', { name: 'Ver órdenes nuevas' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await waitFor(() => expect(calls.filter(isShown).length).toBeGreaterThan(shownBefore))
    expect(queryOf(calls.filter(isShown).at(-1)!)).toEqual({ orden: '-fecha', page: '1', limit: '25' })
    expect(screen.queryByTestId('ordenes-nuevas')).toBeNull()
    expect(screen.getByLabelText('Pago')).toHaveValue('')
    expect(screen.getByRole('region', { name: 'Órdenes' })).toHaveFocus()
  })

  it('counts one new order, highlights it, and says so to screen readers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    screenWidth(1280)
    let version = 1
    let newest = [orden(2), orden(1)]
    let shown = [orden(2), orden(1)]
    server(() => ventasPage(shown), { version: () => version, newest: () => newest })
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    await screen.findByText('Folio F-0002')
    newest = [orden(3), orden(2), orden(1)]
    shown = newest
    version = 2
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(await screen.findByTestId('ordenes-nuevas')).toHaveTextContent('Hay 1 orden nueva')
    expect(screen.getByText('Llegó una orden nueva')).toBeInTheDocument()
    const row = screen.getAllByTestId('orden')[0]
    expect(row).toHaveAttribute('data-folio', 'F-0003')
    expect(within(row).getByText('Nueva')).toBeInTheDocument()
    expect(within(screen.getAllByTestId('orden')[1]).queryByText('Nueva')).toBeNull()
  })

  it('does not count an older order that reopens, nor the first list, as new', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    screenWidth(1280)
    let version = 1
    let newest = [orden(9), orden(8)]
    server(() => ventasPage(newest), { version: () => version, newest: () => newest })
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    await screen.findByText('Folio F-0009')
    newest = [orden(9), orden(8), orden(4)]
    version = 2
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(await screen.findByText('Folio F-0004')).toBeInTheDocument()
    expect(screen.queryByTestId('ordenes-nuevas')).toBeNull()
  })
})
