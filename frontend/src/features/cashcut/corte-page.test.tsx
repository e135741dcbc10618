import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ByMethod, ByUser, Corte } from '@/features/cashcut/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`

const byMethod: ByMethod = {
  totales: [
    { metodo: 'Efectivo', venta: 1500.5 },
    { metodo: 'Tarjeta', venta: 999.99 },
  ],
  totalGeneral: 2500.49,
}
const byUser: ByUser[] = [
  { _id: { nombreUsuario: 'Carmen Cajera', usuarioId: 'u1' }, ventaTotal: 2000 },
  { _id: { nombreUsuario: 'Ana Admin', usuarioId: 'u2' }, ventaTotal: 500.49 },
]
const cut: Corte = {
  _id: 'c1',
  numero: 3,
  fecha: '2026-03-06T02:30:00Z',
  usuarioId: 'u1',
  nombreUsuario: 'Carmen Cajera',
  estado: 'cerrado',
  ventas: [
    { _id: 'v1', folio: 'F1', total: 1500.5, metodoPago: 'Efectivo', usuario: 'Carmen Cajera' },
    { _id: 'v2', folio: 'F2', total: 999.99, metodoPago: 'Tarjeta', usuario: 'Ana Admin' },
  ],
  porMetodo: byMethod,
  porUsuario: byUser,
  efectivoEsperado: 1500.5,
  efectivoContado: 1480,
  diferencia: -20.5,
  observaciones: 'Faltó cambio',
}

afterEach(() => vi.useRealTimers())

function server(overrides: Parameters<typeof mockServer>[0] = {}) {
  let pending = true
  const result = mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/reporte/metodo-pago': () => json(pending ? byMethod : { totales: [], totalGeneral: 0 }),
    'GET /v1/ventas/reporte/usuario': () => json(pending ? byUser : []),
    'GET /v1/cortes': () => json({ cortes: pending ? [] : [{ ...cut, ventas: undefined }], meta: { hasMore: false, page: 1 } }),
    'GET /v1/cortes/c1': json(cut),
    'POST /v1/ventas/corte': () => {
      pending = false
      return json(cut, 201)
    },
    ...overrides,
  })
  return result
}

describe('Cortes de caja', () => {
  it('shows the pending totals by method and by user with two decimals', async () => {
    server()
    storeSession({ rol: 'Cajero' })
    renderApp('/corte')
    const methods = await screen.findByRole('region', { name: 'Por metodo de pago' })
    await within(methods).findByText('Efectivo')
    const rows = within(methods)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`)
    expect(rows).toEqual(['Efectivo $1,500.50', 'Tarjeta $999.99', 'Total $2,500.49'])
    const users = screen.getByRole('region', { name: 'Por usuario' })
    expect(
      within(users)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Carmen Cajera $2,000.00', 'Ana Admin $500.49', 'Total $2,500.49'])
    expect(await screen.findByText('Todavía no hay cortes.')).toBeInTheDocument()
  })

  it('makes the cut after confirming, with the counted cash, shows the difference and refreshes', async () => {
    const { calls } = server()
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(screen.getByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    expect(dialog).toHaveTextContent('$2,500.49')
    expect(dialog).toHaveTextContent('Efectivo esperado en caja: $1,500.50')
    await user.type(within(dialog).getByLabelText('Efectivo contado en caja (opcional)'), '1480')
    await user.type(within(dialog).getByLabelText('Observaciones'), 'Faltó cambio')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    const result = await screen.findByRole('status')
    expect(result).toHaveTextContent('Corte #3 realizado')
    expect(within(result).getByTestId('efectivo-esperado')).toHaveTextContent('$1,500.50')
    expect(within(result).getByTestId('efectivo-contado')).toHaveTextContent('$1,480.00')
    expect(within(result).getByTestId('diferencia')).toHaveTextContent('Faltante $20.50')
    expect(screen.queryByRole('dialog')).toBeNull()
    const post = calls.find((c) => path(c) === 'POST /v1/ventas/corte')!
    expect(await bodyOf(post)).toEqual({ efectivoContado: 1480, observaciones: 'Faltó cambio' })

    expect(await screen.findByText('No hay ventas pendientes de corte por método de pago.')).toBeInTheDocument()
    expect(screen.getByText('No hay ventas pendientes de corte por usuario.')).toBeInTheDocument()
    expect(await screen.findByTestId('corte-anterior')).toHaveTextContent('Corte #3')
  })

  it('sends no cash when none was counted, and refuses text that is not an amount', async () => {
    const { calls } = server()
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(screen.getByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    await user.type(within(dialog).getByLabelText('Efectivo contado en caja (opcional)'), 'mil')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El efectivo contado debe ser un importe en pesos')
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/corte')).toBe(false)
    await user.clear(within(dialog).getByLabelText('Efectivo contado en caja (opcional)'))
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    await screen.findByText('Corte #3 realizado')
    const post = calls.find((c) => path(c) === 'POST /v1/ventas/corte')!
    expect(await bodyOf(post)).toEqual({})
  })

  it('cancelling the confirmation makes no cut', async () => {
    const { calls } = server()
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(screen.getByRole('button', { name: 'Hacer corte' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/corte')).toBe(false)
  })

  it('shows the server’s message when there is nothing to cut', async () => {
    server({
      'POST /v1/ventas/corte': json({ error: { code: 'conflict', message: 'No hay ventas pendientes de corte.' } }, 409),
    })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(screen.getByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al hacer un corte de caja: No hay ventas pendientes de corte.',
    )
  })

  it('shows the empty messages and the report errors in Spanish', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/reporte/metodo-pago': json({ totales: [], totalGeneral: 0 }),
      'GET /v1/ventas/reporte/usuario': json([]),
      'GET /v1/cortes': json({ error: { code: 'internal', message: 'Error interno del servidor.' } }, 500),
    })
    storeSession({ rol: 'Cajero' })
    renderApp('/corte')
    expect(await screen.findByText('No hay ventas pendientes de corte por método de pago.')).toBeInTheDocument()
    expect(screen.getByText('No hay ventas pendientes de corte por usuario.')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener los cortes: Error interno del servidor.')
  })

  it('shows a failed report in Spanish instead of empty totals', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/reporte/metodo-pago': json({ error: { code: 'forbidden', message: 'Sin permiso.' } }, 403),
      'GET /v1/ventas/reporte/usuario': json([]),
      'GET /v1/cortes': json({ cortes: [], meta: { hasMore: false, page: 1 } }),
    })
    storeSession({ rol: 'Cajero' })
    renderApp('/corte')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al obtener el reporte por metodo de pago: Sin permiso.',
    )
    expect(screen.queryByText('No hay ventas pendientes de corte por método de pago.')).toBeNull()
  })

  it('opens the printable view in a new tab, and past cuts can be opened and reprinted', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    server({ 'GET /v1/cortes': json({ cortes: [{ ...cut, ventas: undefined }], meta: { hasMore: false, page: 1 } }) })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await user.click(await screen.findByRole('button', { name: 'Imprimir' }))
    expect(open).toHaveBeenLastCalledWith('/corte/print', '_blank')

    const past = await screen.findByTestId('corte-anterior')
    expect(past).toHaveTextContent('Corte #3 · 2026-03-05 20:30')
    expect(past).toHaveTextContent('Faltante $20.50')
    await user.click(within(past).getByRole('button', { name: /^Reimprimir/ }))
    expect(open).toHaveBeenLastCalledWith('/corte/print?id=c1', '_blank')

    await user.click(within(past).getByRole('button', { name: /^Ver/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Corte #3' })
    expect(await within(dialog).findByText('F1 · Efectivo · Carmen Cajera')).toBeInTheDocument()
    expect(within(dialog).getByText('Faltó cambio')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reimprimir' }))
    expect(open).toHaveBeenLastCalledWith('/corte/print?id=c1', '_blank')
  })
})

describe('Cortes anteriores', () => {
  it('pages the history with its total and narrows it to a range of days, kept in the address', async () => {
    const asked: Record<string, string>[] = []
    server({
      'GET /v1/cortes': (r) => {
        const q = Object.fromEntries(new URL(r.url).searchParams)
        asked.push(q)
        const page = Number(q.page)
        const numero = q.desde ? 7 : page
        return json({ cortes: [{ ...cut, _id: `c${numero}`, numero, ventas: undefined }], meta: { page, limit: 20, total: q.desde ? 1 : 41, hasMore: !q.desde && page < 3 } })
      },
    })
    storeSession({ rol: 'Cajero' })
    const { user, router } = renderApp('/corte')
    expect(await screen.findByTestId('corte-anterior')).toHaveTextContent('Corte #1')
    expect(asked[0]).toEqual({ page: '1', limit: '20' })
    const pager = screen.getByRole('navigation', { name: 'Páginas de cortes' })
    expect(within(pager).getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 41')
    expect(within(pager).getByText('Página 1 de 3')).toBeInTheDocument()
    await user.click(within(pager).getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText(/Corte #2/)).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')

    const history = screen.getByRole('region', { name: 'Cortes anteriores' })
    await user.type(within(history).getByLabelText('Desde'), '2026-03-01')
    expect(await screen.findByText(/Corte #7/)).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ desde: '2026-03-01', page: '1', limit: '20' })
    expect(router.state.location.search).toBe('?desde=2026-03-01')
  })
})

describe('/corte/print', () => {
  it('shows the pending totals and opens the print dialog about 1 s after they arrive', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    server()
    storeSession({ rol: 'Cajero', name: 'Carmen Cajera' })
    renderApp('/corte/print')
    expect(await screen.findByRole('heading', { name: 'Corte de caja', level: 1 })).toBeInTheDocument()
    expect(await screen.findByText('Carmen Cajera')).toBeInTheDocument()
    expect(screen.getByText('Ventas pendientes de corte')).toBeInTheDocument()
    expect(screen.getAllByText('$2,500.49')).toHaveLength(2)
    expect(screen.queryByRole('navigation', { name: 'Menú de administración' })).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(print).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(700))
    expect(print).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('prints the cut given by ?id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    server()
    storeSession({ rol: 'Administrador' })
    renderApp('/corte/print?id=c1')
    expect(await screen.findByText('Corte #3')).toBeInTheDocument()
    expect(screen.getByTestId('diferencia')).toHaveTextContent('Faltante $20.50')
    expect(screen.getByText('F1 Efectivo')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1100))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
  })

  it('is refused to a Comandero', async () => {
    server()
    storeSession({ rol: 'Comandero' })
    renderApp('/corte/print')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
  })
})
