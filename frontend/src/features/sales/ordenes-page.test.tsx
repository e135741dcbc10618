import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryOf, venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import type { Venta } from '@/features/sales/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`
/** The page the screen shows (25 a page), not the newest orders it reads to count arrivals (50). */
const isShownList = (r: Request) => path(r) === 'GET /v1/ventas/ordenes' && queryOf(r).limit !== '50'

function server(ordenes: () => Venta[], version: () => number = () => 1, extra: Record<string, Parameters<typeof json>[0] | ((r: Request) => Response | Promise<Response>)> = {}) {
  const routes: Parameters<typeof mockServer>[0] = {
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/ordenes/version': () => json({ version: version() }),
    'GET /v1/ventas/ordenes': () => json(ventasPage(ordenes())),
  }
  for (const [k, v] of Object.entries(extra)) routes[k] = typeof v === 'function' ? (v as (r: Request) => Response) : json(v)
  return mockServer(routes)
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Lista de ordenes', () => {
  it('shows every column of an order on a desktop table', async () => {
    screenWidth(1280)
    const paid = venta({
      _id: 'v2',
      folio: 'F-MP',
      cliente: '',
      pago: 'Pagado',
      metodoPago: 'Mercado Pago',
      mercadoPago: { payment_id: '1', status: 'approved' },
      order: { id: 'o1', status: 'COMPLETED', payer: { name: { given_name: 'Luisa', surname: 'Paz' } } },
    })
    const waiting = venta({
      _id: 'v3',
      folio: 'F-PEND',
      mercadoPago: { payment_id: '2', status: 'pending' },
      order: { id: 'o2', status: 'VOIDED' },
      entrega: 'Enviado',
    })
    server(() => [venta(), paid, waiting])
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')

    const table = await screen.findByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Orden', 'Cliente', 'Total', 'Fecha', 'Pago', 'Entregado', 'Gestionar'])
    const rows = within(table).getAllByTestId('orden')
    expect(rows).toHaveLength(3)

    const first = rows[0]
    expect(within(first).getByText('Folio 20260305-140700-0001')).toBeInTheDocument()
    expect(within(first).getByText('Cámara IP bala 4 MP con luz híbrida y micrófono')).toBeInTheDocument()
    // 'Unico' is not shown as a size; other sizes are.
    expect(within(first).getByText('1 pieza')).toBeInTheDocument()
    expect(within(first).getByText('Grande · 8 puertos')).toBeInTheDocument()
    expect(within(first).getByText('Claudia Cliente')).toBeInTheDocument()
    expect(within(first).getByText('Juan')).toBeInTheDocument()
    expect(within(first).getByText('cliente@tienda.mx')).toBeInTheDocument()
    expect(within(first).getByText('5512345674')).toBeInTheDocument()
    expect(within(first).getByText('Calle Reforma 45, CDMX')).toBeInTheDocument()
    expect(within(first).getByText('$4,545.11')).toBeInTheDocument()
    // 20:07 UTC is 14:07 in Mexico City.
    expect(within(first).getByText('05-MAR-2026')).toBeInTheDocument()
    expect(within(first).getByText('14:07')).toBeInTheDocument()
    expect(within(first).getByRole('switch', { name: 'Entregado: Switch 8 puertos' })).toHaveAttribute('aria-checked', 'true')
    expect(
      within(first).getByRole('switch', { name: 'Entregado: Cámara IP bala 4 MP con luz híbrida y micrófono' }),
    ).toHaveAttribute('aria-checked', 'false')

    const second = rows[1]
    expect(within(second).getByText('Pagador: Luisa Paz')).toBeInTheDocument()
    expect(within(second).getByLabelText('Mercado Pago: approved')).toHaveAttribute('data-tone', 'success')
    expect(within(second).getByLabelText('Orden COMPLETED')).toHaveAttribute('data-tone', 'success')

    const third = rows[2]
    expect(within(third).getByLabelText('Mercado Pago: pending')).toHaveAttribute('data-tone', 'warning')
    const voided = within(third).getByLabelText('Orden VOIDED')
    expect(voided).toHaveAttribute('data-tone', 'error')
    expect(voided).toHaveTextContent('VOIDED')
    expect(within(third).getByText('Enviado')).toBeInTheDocument()
  })

  it('shows cards instead of the wide table on a tablet', async () => {
    screenWidth(800)
    server(() => [venta()])
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    const card = await screen.findByTestId('orden')
    expect(card.tagName).toBe('LI')
    expect(screen.queryByRole('table')).toBeNull()
    expect(within(card).getByRole('button', { name: 'Gestionar orden 20260305-140700-0001' })).toBeInTheDocument()
  })

  it('cuts item names at 25 characters on phones', async () => {
    screenWidth(390)
    server(() => [venta()])
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    expect(await screen.findByText('Cámara IP bala 4 MP con l…')).toBeInTheDocument()
  })

  it('says when there are no pending orders', async () => {
    server(() => [])
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    expect(await screen.findByText('No hay órdenes pendientes')).toBeInTheDocument()
  })

  it('polls the version every 5 s and fetches the list again only when it changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    screenWidth(1280)
    let version = 7
    let ordenes = [venta()]
    const { calls } = server(
      () => ordenes,
      () => version,
    )
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    await screen.findAllByTestId('orden')
    const count = (p: string) => calls.filter((c) => path(c) === p).length
    const lists = () => calls.filter(isShownList).length
    expect(lists()).toBe(1)
    const versionsBefore = count('GET /v1/ventas/ordenes/version')

    await act(() => vi.advanceTimersByTimeAsync(5_000))
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(count('GET /v1/ventas/ordenes/version')).toBeGreaterThanOrEqual(versionsBefore + 2)
    expect(lists()).toBe(1)

    version = 8
    ordenes = [venta(), venta({ _id: 'v9', folio: 'F-NUEVA', cliente: 'Pedro Mostrador' })]
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(await screen.findByText('Pedro Mostrador')).toBeInTheDocument()
    expect(lists()).toBe(2)
    expect(screen.getAllByTestId('orden')).toHaveLength(2)
    expect(screen.getByText('Llegó una orden nueva')).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(lists()).toBe(2)
  })

  it('toggles an item delivered with PATCH ventas/order/{saleId}', async () => {
    screenWidth(1280)
    const { calls } = server(() => [venta()], () => 1, {
      'PATCH /v1/ventas/order/v1': () =>
        json(venta({ carrito: venta().carrito.map((i) => ({ ...i, entregado: true })) })),
    })
    storeSession({ rol: 'Comandero' })
    const { user } = renderApp('/ventas/ordenes')
    const toggle = await screen.findByRole('switch', { name: 'Entregado: Cámara IP bala 4 MP con luz híbrida y micrófono' })
    await user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/order/v1')!
    expect(await bodyOf(patch)).toEqual({ idOrden: 'var1', nombre: 'Cámara IP bala 4 MP con luz híbrida y micrófono' })
  })

  it('undoes the toggle and says why when the server refuses', async () => {
    screenWidth(1280)
    server(() => [venta()], () => 1, {
      'PATCH /v1/ventas/order/v1': () => json({ error: { code: 'not_found', message: 'No se encontró la venta.' } }, 404),
    })
    storeSession({ rol: 'Comandero' })
    const { user } = renderApp('/ventas/ordenes')
    const toggle = await screen.findByRole('switch', { name: 'Entregado: Cámara IP bala 4 MP con luz híbrida y micrófono' })
    await user.click(toggle)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al actualizar una venta: No se encontró la venta.')
    expect(toggle).toHaveAttribute('aria-checked', 'false')
  })

  it('gives a Comandero entrega and observaciones but not the payment fields', async () => {
    screenWidth(1280)
    const { calls } = server(
      () => [
        venta({
          revisar: 'El pago en línea no coincide con el total; revisa antes de entregar.',
          historial: [{ campo: 'entrega', de: 'Pendiente', a: 'Enviado', por: 'u2', nombre: 'Carmen Cajera', fecha: '2026-03-05T21:00:00Z' }],
        }),
      ],
      () => 1,
      { 'PATCH /v1/ventas/v1': () => json(venta({ entrega: 'Entregado' })) },
    )
    storeSession({ rol: 'Comandero' })
    const { user } = renderApp('/ventas/ordenes')
    await user.click(await screen.findByRole('button', { name: 'Gestionar orden 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Orden' })
    expect(within(dialog).queryByLabelText('Pago')).toBeNull()
    expect(within(dialog).queryByLabelText('Método de pago')).toBeNull()
    expect(within(dialog).getByRole('note')).toHaveTextContent('El pago en línea no coincide con el total')
    expect(within(dialog).getByText('2026-03-05 15:00')).toBeInTheDocument()
    expect(within(dialog).getByText(/Carmen Cajera/)).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Entrega'), 'Entregado')
    await user.type(within(dialog).getByLabelText('Observaciones'), 'Recogió en mostrador')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/v1')!
    expect(await bodyOf(patch)).toEqual({ entrega: 'Entregado', observaciones: 'Recogió en mostrador' })
    expect(await screen.findByRole('status')).toHaveTextContent('Orden 20260305-140700-0001 actualizada.')
  })

  it.each(['Cajero', 'Administrador'])('lets a %s record the payment', async (rol) => {
    screenWidth(1280)
    const { calls } = server(() => [venta()], () => 1, { 'PATCH /v1/ventas/v1': () => json(venta({ pago: 'Pagado' })) })
    storeSession({ rol })
    const { user } = renderApp('/ventas/ordenes')
    await user.click(await screen.findByRole('button', { name: 'Gestionar orden 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Orden' })
    await user.selectOptions(within(dialog).getByLabelText('Pago'), 'Pagado')
    await user.selectOptions(within(dialog).getByLabelText('Método de pago'), 'Tarjeta')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/v1')!
    expect(await bodyOf(patch)).toEqual({ pago: 'Pagado', metodoPago: 'Tarjeta' })
  })

  it('keeps the dialog open with the server’s Spanish message when the update is refused', async () => {
    screenWidth(1280)
    server(() => [venta({ pago: 'Pagado' })], () => 1, {
      'PATCH /v1/ventas/v1': () =>
        json({ error: { code: 'conflict', message: 'No se puede cancelar una orden pagada; registra su devolución con «Devolución».' } }, 409),
    })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/ventas/ordenes')
    await user.click(await screen.findByRole('button', { name: 'Gestionar orden 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Orden' })
    await user.selectOptions(within(dialog).getByLabelText('Entrega'), 'Cancelado')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al actualizar una venta: No se puede cancelar una orden pagada; registra su devolución con «Devolución».',
    )
    expect(screen.getByRole('dialog', { name: 'Actualizar Orden' })).toBeInTheDocument()
  })

  it('says an invoiced order keeps its payment, and shows why a change of method is refused', async () => {
    screenWidth(1280)
    const uuid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301'
    const message = `La venta está facturada (${uuid}). Cancela primero su factura en Facturas.`
    server(() => [venta({ pago: 'Pagado', factura: { id: 'f1', tipo: 'individual', uuid } })], () => 1, {
      'PATCH /v1/ventas/v1': () => json({ error: { code: 'conflict', message } }, 409),
    })
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/ventas/ordenes')
    await user.click(await screen.findByRole('button', { name: 'Gestionar orden 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Orden' })
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'FacturadaEl pago, el método de pago y la devolución no cambian mientras su factura esté vigente.',
    )
    await user.selectOptions(within(dialog).getByLabelText('Método de pago'), 'Tarjeta')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Error al actualizar una venta: ${message}`)
  })

  it('shows the list error in Spanish', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/ordenes/version': json({ version: 1 }),
      'GET /v1/ventas/ordenes': json({ error: { code: 'internal', message: 'Error interno del servidor.' } }, 500),
    })
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener las órdenes: Error interno del servidor.')
  })
})
