import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { camara, storeCarrito } from '@/features/checkout/test-fixtures'
import { isValidReturn, operationKind, pagoNotAccepted, readReturnParams } from '@/features/checkout/pago-return'
import type { Venta } from '@/features/checkout/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const RETURN =
  '/success?collection_id=1319000001&collection_status=approved&payment_id=1319000001&status=approved' +
  '&external_reference=6b04aa&payment_type=credit_card&merchant_order_id=987&preference_id=pref-1' +
  '&site_id=MLM&processing_mode=aggregator&merchant_account_id=null'

const venta: Venta = {
  _id: '6b04aa',
  folio: '20261123-101500-0001',
  fecha: '2026-11-23T16:15:00.000Z',
  cliente: 'Claudia Cliente',
  carrito: [
    { _id: 'v1', producto_id: 'p1', nombre: camara.nombre, precio: 1899, descuento: 10, precioFinal: 1709.1, cantidad: 2, entregado: false },
  ],
  subtotal: 3418.2,
  iva: 546.91,
  total: 3965.11,
  montoCobro: 3965.12,
  mercadoPago: {
    payment_id: '1319000001',
    status: 'approved',
    payment_type: 'credit_card',
    merchant_order_id: '987',
    collection_id: '1319000001',
    external_reference: '6b04aa',
    timestamp: '2026-11-23T16:15:00.000Z',
  },
  pago: 'Pagado',
  metodoPago: 'Mercado Pago',
  origen: 'mercadopago',
}

describe('/success', () => {
  it('saves the sale with the return parameters and shows the receipt with Guardada', async () => {
    storeSession()
    storeCarrito([camara])
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/mercado-pago/confirmar': json({ venta, guardada: true, nueva: true, estado: 'approved' }),
    })
    const { store } = renderApp(RETURN)
    expect(await screen.findByText(/Procesando pago…|Guardando venta…/)).toBeInTheDocument()
    expect(await screen.findByTestId('guardada')).toHaveTextContent('Guardada')

    const post = calls.filter((c) => c.url.endsWith('/v1/ventas/mercado-pago/confirmar'))
    expect(post).toHaveLength(1)
    expect(await post[0].json()).toEqual({
      collection_id: '1319000001',
      collection_status: 'approved',
      payment_id: '1319000001',
      status: 'approved',
      external_reference: '6b04aa',
      payment_type: 'credit_card',
      merchant_order_id: '987',
      preference_id: 'pref-1',
      site_id: 'MLM',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    })
    expect(screen.getByTestId('monto')).toHaveTextContent('$3,965.12')
    expect(screen.getByTestId('folio')).toHaveTextContent(venta.folio)
    expect(screen.getByText('Tarjeta')).toBeInTheDocument()
    expect(screen.getByText('2026-11-23 10:15')).toBeInTheDocument() // Mexico City time
    const tech = screen.getByRole('region', { name: 'Datos técnicos' })
    expect(within(tech).getAllByText('1319000001')).toHaveLength(2) // payment id and collection id
    expect(within(tech).getByText('approved')).toBeInTheDocument()
    expect(within(tech).getByText('987')).toBeInTheDocument()
    expect(within(tech).getByText('Productos procesados').nextSibling).toHaveTextContent('1')
    expect(store.getState().cart.items).toEqual([])
    expect(JSON.parse(localStorage.getItem('ultimaVenta') ?? '{}').mercadoPago.payment_id).toBe('1319000001')
  })

  it("says 'Datos de pago inválidos' and calls nothing when payment_id, status or collection_id is missing", async () => {
    storeSession()
    for (const url of [
      '/success?status=approved&collection_id=1',
      '/success?payment_id=1&collection_id=1',
      '/success?payment_id=1&status=approved&collection_id=null',
    ]) {
      const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
      const view = renderApp(url)
      expect(await screen.findByRole('heading', { name: 'Datos de pago inválidos' })).toBeInTheDocument()
      expect(calls.some((c) => c.method === 'POST')).toBe(false)
      view.unmount()
    }
  })

  it('does not save again when ultimaVenta already holds this payment', async () => {
    storeSession()
    localStorage.setItem('ultimaVenta', JSON.stringify(venta))
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp(RETURN)
    expect(await screen.findByTestId('guardada')).toBeInTheDocument()
    expect(screen.getByTestId('folio')).toHaveTextContent(venta.folio)
    await new Promise((r) => setTimeout(r, 50))
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('saves when ultimaVenta holds another payment', async () => {
    storeSession()
    localStorage.setItem('ultimaVenta', JSON.stringify({ ...venta, mercadoPago: { ...venta.mercadoPago, payment_id: '555' } }))
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/mercado-pago/confirmar': json({ venta, guardada: true, nueva: true, estado: 'approved' }),
    })
    renderApp(RETURN)
    expect(await screen.findByTestId('guardada')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it("shows only the server's reason when it did not accept the payment", async () => {
    storeSession()
    storeCarrito([camara])
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/mercado-pago/confirmar': json(
        { error: { code: 'payment_failed', message: 'Mercado Pago rechazó el pago. Intenta con otro medio de pago o paga en caja.' } },
        402,
      ),
    })
    const { store } = renderApp(RETURN)
    expect(await screen.findByRole('heading', { name: 'Tu pago no se confirmó' })).toBeInTheDocument()
    expect(screen.getByTestId('motivo')).toHaveTextContent('Mercado Pago rechazó el pago.')
    const alert = screen.getByRole('alert')
    expect(alert).not.toHaveTextContent(/procesado|no lo repitas|no repitas el pago|Error al guardar una venta/)
    expect(alert).toHaveTextContent('55 1234 5678')
    expect(within(alert).getByRole('link', { name: 'Volver al carrito' })).toHaveAttribute('href', '/carrito')
    expect(screen.queryByTestId('guardada')).toBeNull()
    await waitFor(() => expect(store.getState().cart.items).toHaveLength(1))
  })

  it('claims nothing about the payment when the server could not check it, and offers a retry', async () => {
    storeSession()
    storeCarrito([camara])
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/mercado-pago/confirmar': json(
        { error: { code: 'unavailable', message: 'No pudimos verificar el pago con Mercado Pago. Inténtalo de nuevo en unos minutos.' } },
        503,
      ),
    })
    const { user } = renderApp(RETURN)
    expect(await screen.findByRole('heading', { name: 'No pudimos guardar tu venta' })).toBeInTheDocument()
    expect(screen.getByTestId('motivo')).toHaveTextContent('No pudimos verificar el pago con Mercado Pago.')
    const alert = screen.getByRole('alert')
    expect(alert).not.toHaveTextContent('procesado')
    expect(alert).toHaveTextContent('Si Mercado Pago ya te cobró, no repitas el pago.')
    expect(alert).toHaveTextContent('Error al guardar una venta, contacta con nosotros 55 1234 5678 para mas información')
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
  })

  it.each([
    [{ status: 402, data: { error: { code: 'payment_failed' } } }, true],
    [{ status: 404, data: { error: { code: 'not_found' } } }, true],
    [{ status: 400, data: { error: { code: 'invalid' } } }, true],
    [{ status: 503, data: { error: { code: 'unavailable' } } }, false],
    [{ status: 500, data: { error: { code: 'internal' } } }, false],
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, false],
    [undefined, false],
  ])('paymentNotAccepted(%j) is %s', (error, expected) => {
    expect(pagoNotAccepted(error)).toBe(expected)
  })
})

describe('return parameters', () => {
  it('reads, validates and names the operation kind', () => {
    const p = readReturnParams(new URLSearchParams('payment_id=1&status=approved&collection_id=1'))
    expect(isValidReturn(p)).toBe(true)
    expect(p.payment_type).toBe('')
    expect(isValidReturn({ ...p, status: 'null' })).toBe(false)
    expect(operationKind('bank_transfer')).toBe('Spei recibido')
    expect(operationKind('credit_card')).toBe('Tarjeta')
    expect(operationKind('debit_card')).toBe('Tarjeta')
    expect(operationKind('ticket')).toBe('Efectivo')
    expect(operationKind('atm')).toBe('Efectivo')
    expect(operationKind('account_money')).toBe('account_money')
  })
})
