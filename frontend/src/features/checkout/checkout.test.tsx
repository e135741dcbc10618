import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initMercadoPago } from '@mercadopago/sdk-react'
import { cable, camara, p1, p2, storeCarrito } from '@/features/checkout/test-fixtures'
import type { Venta } from '@/features/checkout/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const venta: Venta = {
  _id: 's1',
  folio: '20261123-032855-4587',
  fecha: '2026-11-23T09:28:55.943Z',
  cliente: 'Juan',
  carrito: [
    {
      _id: 'v1',
      producto_id: 'p1',
      nombre: camara.nombre,
      precio: 1899,
      descuento: 10,
      precioFinal: 1709.1,
      cantidad: 2,
      talla: 'Unico',
      entregado: false,
    },
    {
      _id: 'v2',
      producto_id: 'p2',
      nombre: 'Cable UTP Cat6',
      precio: 333.33,
      descuento: 0,
      precioFinal: 333.33,
      cantidad: 3,
      talla: 'Grande',
      entregado: true,
    },
  ],
  subtotal: 4418.19,
  iva: 706.91,
  total: 5125.1,
  pago: 'Pendiente',
  entrega: 'Pendiente',
}

function server(routes: Record<string, Response | ((r: Request) => Response)> = {}, config = sampleConfig) {
  return mockServer({
    'GET /v1/config': json(config),
    'GET /v1/productos/p1': json(p1),
    'GET /v1/productos/p2': json(p2),
    ...routes,
  })
}

async function openCarrito() {
  storeSession({ name: 'Claudia Cliente' })
  storeCarrito([camara, cable])
  return renderApp('/carrito')
}

describe("'Pagar en caja'", () => {
  it("asks 'Quien Ordena ?', places the order, clears the cart and shows the thank-you page", async () => {
    const { calls } = server({
      'POST /v1/ventas': json(venta, 201),
      'GET /v1/ventas/ordenes/pendientes/u1': json([venta]),
    })
    const { user, router, store } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    const dialog = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
    const name = within(dialog).getByLabelText('Nombre')
    expect(name).toHaveValue('Claudia Cliente')
    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: 'Pagar en caja' }))
    expect(within(dialog).getByText('Escribe el nombre de quien ordena.')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(name, 'Juan')
    await user.click(within(dialog).getByRole('button', { name: 'Pagar en caja' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito/gracias'))
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/v1/ventas'))
    expect(post?.headers.get('Authorization')).toBe('Bearer test-token')
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
    expect(await post?.json()).toEqual({
      cliente: 'Juan',
      carrito: [
        { id: 'v1', producto_id: 'p1', cantidad: 2, nombre: camara.nombre },
        { id: 'v2', producto_id: 'p2', cantidad: 3, nombre: 'Cable UTP Cat6' },
      ],
    })
    expect(store.getState().cart.items).toEqual([])
    expect(localStorage.getItem('cart')).toBeNull()
    expect(JSON.parse(localStorage.getItem('ultimaVenta') ?? '{}').folio).toBe(venta.folio)

    // The thank-you page: the pending orders of the signed-in customer.
    expect(await screen.findByRole('heading', { name: '¡Gracias por tu compra!' })).toBeInTheDocument()
    expect(screen.getByText('paga tu orden en caja')).toBeInTheDocument()
    expect(await screen.findByTestId('pendientes')).toHaveTextContent('Tienes 1 orden pendiente')
    expect(screen.getByTestId('folio-reciente')).toHaveTextContent(venta.folio)
    const orden = screen.getByTestId('orden')
    expect(within(orden).getByTestId('folio')).toHaveTextContent(venta.folio)
    expect(within(orden).getByText('Juan')).toBeInTheDocument()
    expect(within(orden).getByText('$5,125.10')).toBeInTheDocument()
    const ticket = within(orden).getByRole('link', { name: `Imprimir ticket de la orden ${venta.folio} (se abre en otra pestaña)` })
    expect(ticket).toHaveAttribute('href', `/ventas/ticket/${venta._id}`)
    expect(ticket).toHaveAttribute('target', '_blank')
    // The size label is hidden for 'Unico' and shown otherwise; delivered toggles are read-only.
    expect(within(orden).getAllByTestId('talla')).toHaveLength(1)
    expect(within(orden).getByTestId('talla')).toHaveTextContent('Talla: Grande')
    const toggles = within(orden).getAllByRole('switch', { name: 'Entregado' })
    expect(toggles.map((t) => t.getAttribute('aria-checked'))).toEqual(['false', 'true'])
    expect(toggles.every((t) => t.getAttribute('aria-readonly') === 'true')).toBe(true)
    await user.click(toggles[0])
    expect(toggles[0]).toHaveAttribute('aria-checked', 'false')
  })

  it("keeps the cart and shows the server's message when the order fails", async () => {
    const { calls } = server({
      'POST /v1/ventas': json(
        { error: { code: 'conflict', message: 'Sin existencias suficientes de Cable UTP Cat6.', request_id: 'r1' } },
        409,
      ),
    })
    const { user, router, store } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    const dialog = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
    await user.clear(within(dialog).getByLabelText('Nombre'))
    await user.type(within(dialog).getByLabelText('Nombre'), 'Juan')
    await user.click(within(dialog).getByRole('button', { name: 'Pagar en caja' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('La orden no se ha completado, contacta con nosotros 55 1234 5678 para mas informacion')
    expect(within(alert).getByTestId('order-error')).toHaveTextContent('Sin existencias suficientes de Cable UTP Cat6.')
    expect(within(alert).getByRole('link', { name: '55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678')
    expect(router.state.location.pathname).toBe('/carrito')
    expect(store.getState().cart.items).toHaveLength(2)
    expect(screen.getAllByTestId('cart-row')).toHaveLength(2)
    expect(localStorage.getItem('ultimaVenta')).toBeNull()

    // Trying again is the same attempt: the same Idempotency-Key, so a first order that was placed
    // after all is answered, not placed twice. Another name is another attempt.
    const tryAgain = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Pagar en caja' }))
      const again = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
      await user.clear(within(again).getByLabelText('Nombre'))
      await user.type(within(again).getByLabelText('Nombre'), name)
      await user.click(within(again).getByRole('button', { name: 'Pagar en caja' }))
      await screen.findByRole('alert')
    }
    await tryAgain('Juan')
    await tryAgain('Pedro')
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(3)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })
})

const SDK = 'script[src="https://sdk.mercadopago.com/js/v2"]'
const sdkWindow = window as unknown as { MercadoPago?: unknown }
/** The provider's script tag, once the page has added it (jsdom never loads it: the test says how it went). */
const sdkTag = () =>
  waitFor(() => {
    const tag = document.querySelector<HTMLScriptElement>(SDK)
    expect(tag).not.toBeNull()
    return tag as HTMLScriptElement
  })

describe("'Pagar con Mercado Pago'", () => {
  afterEach(() => {
    delete sdkWindow.MercadoPago
    for (const s of document.querySelectorAll(SDK)) s.remove()
  })

  it('creates the preference, hides the button and shows the Wallet with stable es-MX props', async () => {
    sdkWindow.MercadoPago = function MercadoPago() {}
    const { calls } = server({ 'POST /v1/ventas/mercado-pago-preference': json({ id: 'pref-123' }) })
    const { user } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))

    const wallet = await screen.findByTestId('mp-wallet')
    expect(wallet).toHaveAttribute('data-preference-id', 'pref-123')
    expect(wallet).toHaveAttribute('data-redirect-mode', 'self')
    expect(wallet).toHaveAttribute('data-locale', 'es-MX')
    expect(screen.queryByRole('button', { name: 'Pagar con Mercado Pago' })).toBeNull()
    expect(initMercadoPago).toHaveBeenCalledWith('TEST-key', { locale: 'es-MX' })
    const post = calls.find((c) => c.url.endsWith('/v1/ventas/mercado-pago-preference'))
    const body = await post?.json()
    expect(body.public_key).toBe('TEST-key')
    expect(body.items.map((i: { id: string; cantidad: number }) => [i.id, i.cantidad])).toEqual([
      ['v1', 2],
      ['v2', 3],
    ])
    // The counter stays available.
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
  })

  it('sends one Idempotency-Key per attempt, the same again when it is tried again after a failure', async () => {
    const { calls } = server({
      'POST /v1/ventas/mercado-pago-preference': json({ error: { code: 'internal', message: 'Error interno' } }, 500),
    })
    const { user } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))
    await screen.findByText(/No pudimos iniciar el pago en línea|Error/)
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'))
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('says online payment is unavailable when the server answers 503', async () => {
    server({
      'POST /v1/ventas/mercado-pago-preference': json(
        { error: { code: 'unavailable', message: 'El pago en línea no está disponible por ahora. Puedes pagar en caja.' } },
        503,
      ),
    })
    const { user } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))
    expect(await screen.findByTestId('mp-unavailable')).toHaveTextContent('El pago en línea no está disponible por ahora')
    expect(screen.queryByRole('button', { name: 'Pagar con Mercado Pago' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
  })

  it('has no Mercado Pago button without a public key', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    server({}, { ...sampleConfig, mercadoPagoPublicKey: '' })
    await openCarrito()
    expect(await screen.findByTestId('mp-unavailable')).toHaveTextContent('El pago en línea no está disponible por ahora')
    expect(screen.queryByRole('button', { name: 'Pagar con Mercado Pago' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
  })

  it("says so when the provider's script fails to load, and 'Reintentar' loads it again", async () => {
    server({ 'POST /v1/ventas/mercado-pago-preference': json({ id: 'pref-123' }) })
    const { user } = await openCarrito()
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))
    expect(await screen.findByText('Cargando Mercado Pago…')).toBeInTheDocument()
    const first = await sdkTag()
    act(() => {
      first.dispatchEvent(new Event('error'))
    })
    const failed = await screen.findByTestId('mp-load-failed')
    expect(failed).toHaveTextContent('No pudimos cargar Mercado Pago.')
    expect(screen.queryByTestId('mp-wallet')).toBeNull()
    expect(document.querySelector(SDK)).toBeNull()
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()

    // The retry adds a fresh script tag; once it runs, the Wallet appears for the same preference.
    await user.click(within(failed).getByRole('button', { name: 'Reintentar' }))
    const second = await sdkTag()
    expect(second).not.toBe(first)
    act(() => {
      sdkWindow.MercadoPago = function MercadoPago() {}
      second.dispatchEvent(new Event('load'))
    })
    expect(await screen.findByTestId('mp-wallet')).toHaveAttribute('data-preference-id', 'pref-123')
    expect(screen.queryByTestId('mp-load-failed')).toBeNull()
  })
})
