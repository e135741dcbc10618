import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ByMethod, ByUsuario, Corte, PendienteCaja } from '@/features/cashcut/types'
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
const byUsuario: ByUsuario[] = [
  { _id: { nombreUsuario: 'Carmen Cajera', usuarioId: 'u1' }, ventaTotal: 2000 },
  { _id: { nombreUsuario: 'Ana Admin', usuarioId: 'u2' }, ventaTotal: 500.49 },
]
// Carmen: float 500 + cash 1500.50 - withdrawal 300 = 1700.50; Ana: cash 0, deposit 100 = 100.
const carmenCaja = { fondo: 500, ventasEfectivo: 1500.5, devolucionesEfectivo: 0, retiros: 300, depositos: 0, efectivoEsperado: 1700.5 }
const anaCaja = { fondo: 0, ventasEfectivo: 0, devolucionesEfectivo: 0, retiros: 0, depositos: 100, efectivoEsperado: 100 }
const movimientos = [
  { _id: 'm2', tipo: 'deposito' as const, monto: 100, motivo: 'Cambio', fecha: '2026-03-06T01:00:00Z', usuarioId: 'u2', nombreUsuario: 'Ana Admin' },
  { _id: 'm1', tipo: 'retiro' as const, monto: 300, motivo: 'Pago al proveedor', fecha: '2026-03-06T00:00:00Z', usuarioId: 'u1', nombreUsuario: 'Carmen Cajera' },
]
const pendienteCaja: PendienteCaja = {
  pendiente: true,
  ventas: 2,
  ...carmenCaja,
  depositos: 100,
  efectivoEsperado: 1800.5,
  porCajero: [
    { usuarioId: 'u2', nombreUsuario: 'Ana Admin', ...anaCaja },
    { usuarioId: 'u1', nombreUsuario: 'Carmen Cajera', ...carmenCaja },
  ],
  movimientos,
}
const nothingPending: PendienteCaja = {
  pendiente: false,
  ventas: 0,
  fondo: 0,
  ventasEfectivo: 0,
  devolucionesEfectivo: 0,
  retiros: 0,
  depositos: 0,
  efectivoEsperado: 0,
  porCajero: [],
  movimientos: [],
}

const corte: Corte = {
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
  porUsuario: byUsuario,
  ...carmenCaja,
  depositos: 100,
  efectivoEsperado: 1800.5,
  efectivoContado: 1780,
  diferencia: -20.5,
  conteo: [
    { tipo: 'billete', valor: 1000, cantidad: 1 },
    { tipo: 'billete', valor: 500, cantidad: 1 },
    { tipo: 'billete', valor: 200, cantidad: 1 },
    { tipo: 'moneda', valor: 20, cantidad: 4 },
  ],
  porCajero: [
    { usuarioId: 'u2', nombreUsuario: 'Ana Admin', ...anaCaja, efectivoContado: 100, diferencia: 0, conteo: [{ tipo: 'billete', valor: 100, cantidad: 1 }] },
    {
      usuarioId: 'u1',
      nombreUsuario: 'Carmen Cajera',
      ...carmenCaja,
      efectivoContado: 1680,
      diferencia: -20.5,
      conteo: [
        { tipo: 'billete', valor: 1000, cantidad: 1 },
        { tipo: 'billete', valor: 500, cantidad: 1 },
        { tipo: 'moneda', valor: 20, cantidad: 9 },
      ],
    },
  ],
  numMovimientos: 2,
  movimientos: movimientos.map((m) => ({ ...m, corte: 3 })),
  observaciones: 'Faltó cambio',
}

afterEach(() => vi.useRealTimers())

function server(overrides: Parameters<typeof mockServer>[0] = {}) {
  let pending = true
  const result = mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/reporte/metodo-pago': () => json(pending ? byMethod : { totales: [], totalGeneral: 0 }),
    'GET /v1/ventas/reporte/usuario': () => json(pending ? byUsuario : []),
    'GET /v1/cortes/pendiente': () => json(pending ? pendienteCaja : nothingPending),
    'GET /v1/cortes': () => json({ cortes: pending ? [] : [{ ...corte, ventas: undefined }], meta: { hasMore: false, page: 1 } }),
    'GET /v1/cortes/c1': json(corte),
    'POST /v1/ventas/corte': () => {
      pending = false
      return json(corte, 201)
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
    // The file's first render loads the page's modules: seconds on a busy machine.
    const methods = await screen.findByRole('region', { name: 'Por metodo de pago' }, { timeout: 15_000 })
    await within(methods).findByText('Efectivo')
    const rows = within(methods)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`)
    expect(rows).toEqual(['Efectivo $1,500.50', 'Tarjeta $999.99', 'Total $2,500.49'])
    const usuarios = screen.getByRole('region', { name: 'Por usuario' })
    expect(
      within(usuarios)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Carmen Cajera $2,000.00', 'Ana Admin $500.49', 'Total $2,500.49'])
    expect(await screen.findByText('Todavía no hay cortes.')).toBeInTheDocument()
  })

  it('makes the cut after confirming, with each drawer counted by denomination, and shows Calculado / Contado / Diferencia', async () => {
    const { calls } = server()
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(await screen.findByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    expect(dialog).toHaveTextContent('$2,500.49')
    expect(dialog).toHaveTextContent('Efectivo esperado en caja: $1,800.50')
    // Carmen: 1 x $1,000 + 1 x $500 + 9 monedas de $20 = $1,680.00, $20.50 short of $1,700.50.
    const carmen = within(dialog).getByRole('group', { name: 'Conteo de Carmen Cajera' })
    await user.type(within(carmen).getByLabelText('Billete de $1,000.00'), '1')
    expect(within(carmen).getByTestId('conteo-total')).toHaveTextContent('$1,000.00')
    await user.type(within(carmen).getByLabelText('Billete de $500.00'), '1')
    await user.type(within(carmen).getByLabelText('Moneda de $20.00'), '9')
    expect(within(carmen).getByTestId('conteo-total')).toHaveTextContent('$1,680.00')
    expect(carmen).toHaveTextContent('Calculado$1,700.50')
    expect(carmen).toHaveTextContent('DiferenciaFaltante $20.50')
    const ana = within(dialog).getByRole('group', { name: 'Conteo de Ana Admin' })
    await user.type(within(ana).getByLabelText('Billete de $100.00'), '1')
    expect(ana).toHaveTextContent('DiferenciaSin diferencia')
    await user.type(within(dialog).getByLabelText('Observaciones'), 'Faltó cambio')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    const result = await screen.findByRole('status')
    expect(result).toHaveTextContent('Corte #3 realizado')
    expect(within(result).getByTestId('efectivo-esperado')).toHaveTextContent('$1,800.50')
    expect(within(result).getByTestId('efectivo-contado')).toHaveTextContent('$1,780.00')
    expect(within(result).getByTestId('diferencia')).toHaveTextContent('Faltante $20.50')
    const carmenResult = within(result).getByRole('region', { name: 'Efectivo de Carmen Cajera' })
    expect(carmenResult).toHaveTextContent('Fondo de caja$500.00')
    expect(carmenResult).toHaveTextContent('Retiros de efectivo− $300.00')
    expect(carmenResult).toHaveTextContent('Calculado$1,700.50')
    expect(carmenResult).toHaveTextContent('Contado$1,680.00')
    expect(carmenResult).toHaveTextContent('Moneda de $20.00 × 9$180.00')
    expect(screen.queryByRole('dialog')).toBeNull()
    const post = calls.find((c) => path(c) === 'POST /v1/ventas/corte')!
    const sent = (await bodyOf(post)) as { conteos: { usuarioId: string; denominaciones: { tipo: string; valor: number; cantidad: number }[] }[]; observaciones: string }
    expect(sent.observaciones).toBe('Faltó cambio')
    expect(sent.conteos.map((c) => c.usuarioId)).toEqual(['u2', 'u1'])
    expect(sent.conteos[1].denominaciones.filter((d) => d.cantidad > 0)).toEqual([
      { tipo: 'billete', valor: 1000, cantidad: 1 },
      { tipo: 'billete', valor: 500, cantidad: 1 },
      { tipo: 'moneda', valor: 20, cantidad: 9 },
    ])
    expect(sent.conteos[1].denominaciones).toHaveLength(12)

    expect(await screen.findByText('No hay ventas pendientes de corte por método de pago.')).toBeInTheDocument()
    expect(screen.getByText('No hay ventas pendientes de corte por usuario.')).toBeInTheDocument()
    expect(await screen.findByTestId('corte-anterior')).toHaveTextContent('Corte #3')
    // Nothing left: 'Hacer corte' is disabled, and says why.
    const button = screen.getByRole('button', { name: 'Hacer corte' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveAccessibleDescription('No hay ventas ni movimientos de caja pendientes de corte.')
  }, 60_000) // twenty keystrokes: slow on a busy machine

  it('sends no count when nothing was typed, and refuses pieces that are not whole', async () => {
    const { calls } = server()
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(await screen.findByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    const carmen = within(dialog).getByRole('group', { name: 'Conteo de Carmen Cajera' })
    await user.type(within(carmen).getByLabelText('Moneda de $0.50'), '1.5')
    expect(within(carmen).getByRole('alert')).toHaveTextContent('Escribe cuántas piezas contaste: un número entero de 0 a 100,000.')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByText(/Revisa el conteo de Carmen Cajera/)).toBeInTheDocument()
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/corte')).toBe(false)
    await user.clear(within(carmen).getByLabelText('Moneda de $0.50'))
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    await screen.findByText('Corte #3 realizado')
    const post = calls.find((c) => path(c) === 'POST /v1/ventas/corte')!
    expect(await bodyOf(post)).toEqual({})
  })

  it('disables Hacer corte with the reason when nothing is pending', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/reporte/metodo-pago': json({ totales: [], totalGeneral: 0 }),
      'GET /v1/ventas/reporte/usuario': json([]),
      'GET /v1/cortes/pendiente': json(nothingPending),
      'GET /v1/cortes': json({ cortes: [], meta: { hasMore: false, page: 1 } }),
    })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    expect(await screen.findByText('No hay ventas ni movimientos de caja pendientes de corte.')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Hacer corte' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('No hay ventas ni movimientos de caja pendientes de corte.')
    await user.pointer({ keys: '[MouseLeft]', target: button })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('No hay movimientos de caja pendientes de corte.')).toBeInTheDocument()
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/corte')).toBe(false)
  })

  it('cancelling the confirmation makes no cut', async () => {
    const { calls } = server()
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(await screen.findByRole('button', { name: 'Hacer corte' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/corte')).toBe(false)
  })

  it('shows the server’s message when another cashier closed everything first', async () => {
    server({
      'POST /v1/ventas/corte': json({ error: { code: 'conflict', message: 'No hay ventas ni movimientos de caja pendientes de corte.' } }, 409),
    })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    await screen.findByText('Carmen Cajera')
    await user.click(await screen.findByRole('button', { name: 'Hacer corte' }))
    const dialog = screen.getByRole('dialog', { name: 'Hacer corte' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al hacer un corte de caja: No hay ventas ni movimientos de caja pendientes de corte.',
    )
  })

  it('shows the empty messages and the report errors in Spanish', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/reporte/metodo-pago': json({ totales: [], totalGeneral: 0 }),
      'GET /v1/ventas/reporte/usuario': json([]),
      'GET /v1/cortes/pendiente': json(nothingPending),
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
      'GET /v1/cortes/pendiente': json(nothingPending),
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
    server({ 'GET /v1/cortes': json({ cortes: [{ ...corte, ventas: undefined }], meta: { hasMore: false, page: 1 } }) })
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
        return json({ cortes: [{ ...corte, _id: `c${numero}`, numero, ventas: undefined }], meta: { page, limit: 20, total: q.desde ? 1 : 41, hasMore: !q.desde && page < 3 } })
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
