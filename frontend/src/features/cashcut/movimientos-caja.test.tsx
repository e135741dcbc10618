import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Corte, PendienteCaja } from '@/features/cashcut/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`

const zero = { fondo: 0, ventasEfectivo: 0, devolucionesEfectivo: 0, retiros: 0, depositos: 0, efectivoEsperado: 0 }
const empty: PendienteCaja = { pendiente: false, ventas: 0, ...zero, porCajero: [], movimientos: [] }

afterEach(() => vi.useRealTimers())

function server(movimientoReplies: Response[]) {
  let pending = empty
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/reporte/metodo-pago': json({ totales: [], totalGeneral: 0 }),
    'GET /v1/ventas/reporte/usuario': json([]),
    'GET /v1/cortes/pendiente': () => json(pending),
    'GET /v1/cortes': json({ cortes: [], meta: { hasMore: false, page: 1 } }),
    'POST /v1/cortes/movimientos': async (r) => {
      const reply = movimientoReplies.shift()!
      if (reply.status === 201) {
        const m = { ...((await bodyOf(r)) as object), fecha: '2026-03-06T00:00:00Z', usuarioId: 'u1', nombreUsuario: 'Carmen Cajera' } as PendienteCaja['movimientos'][0]
        pending = {
          ...empty,
          pendiente: true,
          retiros: m.monto,
          efectivoEsperado: -m.monto,
          porCajero: [{ usuarioId: 'u1', nombreUsuario: 'Carmen Cajera', ...zero, retiros: m.monto, efectivoEsperado: -m.monto }],
          movimientos: [m],
        }
      }
      return reply
    },
  })
}

describe('Movimientos de caja', () => {
  it('records a withdrawal with its reason, sent again under the same id after a failure', async () => {
    const { calls } = server([
      json({ error: { code: 'unavailable', message: 'El servicio no está disponible.' } }, 503),
      json({ _id: 'x' }, 201),
    ])
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/corte')
    const hacer = await screen.findByRole('button', { name: 'Hacer corte' }, { timeout: 15_000 })
    await waitFor(() => expect(hacer).toBeDisabled())
    await user.click(screen.getByRole('button', { name: 'Retiro de efectivo' }))
    const dialog = screen.getByRole('dialog', { name: 'Retiro de efectivo' })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(within(dialog).getByText('Escribe un importe mayor que $0.00.')).toBeInTheDocument()
    expect(within(dialog).getByText('Escribe el motivo del movimiento.')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Importe'), '300.555')
    await user.type(within(dialog).getByLabelText('Motivo'), 'Pago al proveedor')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(within(dialog).getByText('Escribe un importe en pesos, por ejemplo 1250.50.')).toBeInTheDocument()
    expect(calls.some((c) => path(c) === 'POST /v1/cortes/movimientos')).toBe(false)

    await user.clear(within(dialog).getByLabelText('Importe'))
    await user.type(within(dialog).getByLabelText('Importe'), '300.50')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al registrar el movimiento de caja: El servicio no está disponible.')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const posts = calls.filter((c) => path(c) === 'POST /v1/cortes/movimientos')
    expect(posts).toHaveLength(2)
    const [first, second] = (await Promise.all(posts.map(bodyOf))) as { _id: string }[]
    expect(first).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), tipo: 'retiro', monto: 300.5, motivo: 'Pago al proveedor' })
    expect(second._id).toBe(first._id)

    // The drawer now: the withdrawal waits for the cut, and 'Hacer corte' is enabled.
    const item = await screen.findByTestId('movimiento-caja')
    expect(item).toHaveTextContent('Retiro de efectivo · Carmen Cajera')
    expect(item).toHaveTextContent('Pago al proveedor− $300.50')
    const carmen = screen.getByRole('region', { name: 'Efectivo de Carmen Cajera' })
    expect(carmen).toHaveTextContent('Retiros de efectivo− $300.50')
    expect(carmen).toHaveTextContent('Calculado-$300.50')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hacer corte' })).toBeEnabled())
  }, 60_000)

  it('records the float without a reason', async () => {
    const { calls } = server([json({ _id: 'x' }, 201)])
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/corte')
    await user.click(await screen.findByRole('button', { name: 'Fondo de caja' }, { timeout: 15_000 }))
    const dialog = screen.getByRole('dialog', { name: 'Fondo de caja' })
    expect(dialog).toHaveTextContent('Se registra una vez por cajero y día.')
    await user.type(within(dialog).getByLabelText('Importe'), '1,500')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const post = calls.find((c) => path(c) === 'POST /v1/cortes/movimientos')!
    expect(await bodyOf(post)).toMatchObject({ tipo: 'fondo', monto: 1500, motivo: '' })
  }, 30_000)
})

describe('/corte/print of a cut with a float, a withdrawal and a count', () => {
  it('prints each cashier’s Calculado / Contado / Diferencia, the count by denomination and the movements', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.stubGlobal('print', vi.fn())
    const carmen = { fondo: 500, ventasEfectivo: 1000.1, devolucionesEfectivo: 150.05, retiros: 300.5, depositos: 0, efectivoEsperado: 1049.55 }
    const corte: Corte = {
      _id: 'c9',
      numero: 9,
      fecha: '2026-03-06T02:30:00Z',
      usuarioId: 'u1',
      nombreUsuario: 'Carmen Cajera',
      estado: 'cerrado',
      ventas: [],
      porMetodo: { totales: [{ metodo: 'Efectivo', venta: 850.05 }], totalGeneral: 850.05 },
      porUsuario: [],
      ...carmen,
      efectivoContado: 1050,
      diferencia: 0.45,
      conteo: [{ tipo: 'billete', valor: 1000, cantidad: 1 }, { tipo: 'moneda', valor: 10, cantidad: 5 }],
      porCajero: [
        {
          usuarioId: 'u1',
          nombreUsuario: 'Carmen Cajera',
          ...carmen,
          efectivoContado: 1050,
          diferencia: 0.45,
          conteo: [{ tipo: 'billete', valor: 1000, cantidad: 1 }, { tipo: 'moneda', valor: 10, cantidad: 5 }],
        },
      ],
      numMovimientos: 2,
      movimientos: [
        { _id: 'm2', tipo: 'retiro', monto: 300.5, motivo: 'Banco', fecha: '2026-03-06T01:00:00Z', usuarioId: 'u1', nombreUsuario: 'Carmen Cajera', corte: 9 },
        { _id: 'm1', tipo: 'fondo', monto: 500, motivo: '', fecha: '2026-03-05T15:00:00Z', usuarioId: 'u1', nombreUsuario: 'Carmen Cajera', corte: 9 },
      ],
      observaciones: '',
    }
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/cortes/c9': json(corte) })
    storeSession({ rol: 'Cajero' })
    renderApp('/corte/print?id=c9')
    const drawer = await screen.findByRole('region', { name: 'Efectivo de Carmen Cajera' }, { timeout: 15_000 })
    for (const line of [
      'Fondo de caja$500.00',
      'Ventas en efectivo+ $1,000.10',
      'Devoluciones en efectivo− $150.05',
      'Retiros de efectivo− $300.50',
      'Calculado$1,049.55',
      'Contado$1,050.00',
      'DiferenciaSobrante $0.45',
      'Billete de $1,000.00 × 1$1,000.00',
      'Moneda de $10.00 × 5$50.00',
    ]) {
      expect(drawer).toHaveTextContent(line)
    }
    const total = screen.getByRole('region', { name: 'Efectivo total' })
    expect(within(total).getByTestId('efectivo-esperado')).toHaveTextContent('$1,049.55')
    expect(within(total).getByTestId('efectivo-contado')).toHaveTextContent('$1,050.00')
    expect(within(total).getByTestId('diferencia')).toHaveTextContent('Sobrante $0.45')
    expect(screen.getAllByTestId('movimiento-caja').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Retiro de efectivo · Carmen Cajera'),
      expect.stringContaining('Fondo de caja · Carmen Cajera'),
    ])
    await act(() => vi.advanceTimersByTimeAsync(1100))
  })
})
